"""``arraybench explain RESULTS.json``: cost models, crossovers and findings of saved results."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..analysis.findings import analyze
from ..analysis.machines import machine_view, one_machine
from ..measure.profile import cached_for
from ..report.terminal import print_findings, print_fits
from ..results import load
from . import _console


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "explain",
        parents=parents,
        help="explain saved results: cost models, crossovers, findings",
        description="Fit t(n) = a + b·n^k to every series of saved results (fixed cost per call, "
        "marginal cost, exponent, with bootstrap CIs), find where series overtake each other, "
        "and state the findings in plain language. Uses this machine's probe (arraybench probe) "
        "for the fraction of peak when the results were measured here.",
    )
    p.add_argument("results", metavar="RESULTS.json", help="a file written by run --json")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument("--no-fits", action="store_true", help="leave out the table of cost models")
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    result = load(args.results)
    # A run from several machines is explained one machine at a time: its cases share keys.
    views = (
        [(name, machine_view(result, name)) for name in result.machine_names]
        if len(result.machine_names) > 1
        else [("", one_machine(result))]
    )
    analyses = [(name, view, analyze(view, cached_for(view))) for name, view in views]
    if args.json:
        found = (
            analyses[0][2].to_dict()
            if len(analyses) == 1
            else {"machines": {name: a.to_dict() for name, _, a in analyses}}
        )
        print(json.dumps(found, indent=1, default=str))
        return 0
    from rich.markup import escape

    console = _console.console()
    for name, view, analysis in analyses:
        where = f" on {escape(name)}" if name else ""
        console.print(
            f"[bold]{escape(args.results)}{where}[/bold]: {len(view.cases)} cases, "
            f"{len(view.failed)} failed, measured {view.started or 'at an unknown time'} on "
            f"{escape(str(view.env.get('cpu', 'an unknown CPU')))}"
        )
        console.print()
        if not args.no_fits:
            print_fits(analysis, console=console)
        print_findings(analysis, console=console)
        for record in view.extra.values():
            if isinstance(record, dict) and "answer" in record and "question" in record:
                ans = record["answer"]
                if not isinstance(ans, dict):
                    continue
                console.print(f"[bold]{escape(record['question'])}[/bold]")
                console.print(f"  {escape(ans.get('answer', ''))}")
                why = f": {ans['why']}" if ans.get("why") else ""
                who = escape(name) if name else "This machine"
                console.print(f"  {who} {escape(ans.get('verdict', '?'))}{escape(why)}")
                console.print()
    return 0
