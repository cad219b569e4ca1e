"""``arraybench explain RESULTS.json``: cost models, crossovers and findings of saved results."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..analysis.findings import analyze
from ..analysis.probe import cached_for
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
    profile = cached_for(result)
    analysis = analyze(result, profile)
    if args.json:
        print(json.dumps(analysis.to_dict(), indent=1, default=str))
        return 0
    console = _console.console()
    console.print(
        f"[bold]{args.results}[/bold]: {len(result.cases)} cases, "
        f"{len(result.failed)} failed, measured {result.started or 'at an unknown time'} on "
        f"{result.env.get('cpu', 'an unknown CPU')}"
    )
    console.print()
    if not args.no_fits:
        print_fits(analysis, console=console)
    print_findings(analysis, console=console)
    from rich.markup import escape

    for record in result.extra.values():
        if isinstance(record, dict) and "answer" in record and "question" in record:
            ans = record["answer"]
            console.print(f"[bold]{escape(record['question'])}[/bold]")
            console.print(f"  {escape(ans.get('answer', ''))}")
            why = f": {ans['why']}" if ans.get("why") else ""
            console.print(f"  This machine {escape(ans.get('verdict', '?'))}{escape(why)}")
            console.print()
    return 0
