"""``arraybench show RUN``: a stored run printed again as ``arraybench run`` printed it."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..analysis.findings import analyze
from ..analysis.probe import cached_for
from ..report.summary import print_footer, print_group, print_header
from ..results import RunResult
from ..store import RUNNING, open_store
from ..suites.experiment import Answer
from . import _console
from .history import add_store_argument, local_time
from .run import add_view_arguments


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "show",
        parents=parents,
        help="show a stored run again: tables, findings, answers",
        description="Print a run from the history store as 'arraybench run' printed it: the "
        "table of each question or group of workloads, the findings, and each experiment's "
        "answer. RUN is a run id, a unique prefix of one, latest, or -N (the N-th newest); "
        "'arraybench history' lists them.",
    )
    p.add_argument("run", metavar="RUN", help="a run id, a unique prefix, latest, or -N")
    add_store_argument(p)
    p.add_argument("--json", metavar="PATH", help="also save the run as a results file (JSON)")
    add_view_arguments(p)
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    with open_store(args.store, create=False) as store:
        run_id = store.resolve(args.run)
        result = store.load(run_id)
        status = store.summary(run_id).status
    if args.format == "json":
        print(json.dumps(result.to_dict(), indent=1))
        if args.json:
            result.save(args.json)
        return 0
    console = _console.console()
    console.print(
        f"[bold]run {run_id}[/bold] ({status}): {len(result.cases)} cases, "
        f"{len(result.failed)} failed, started {local_time(result.started)} on "
        f"{_escape(str(result.env.get('hostname', 'an unknown machine')))} "
        f"({_escape(str(result.env.get('cpu', 'unknown CPU')))})"
    )
    if status == RUNNING:
        console.print(
            "[yellow]this run never finished: it is still going, or was stopped before it "
            "could record its end; shown are the cases stored so far[/yellow]"
        )
    console.print()
    render(result, console, verbose=args.verbose)
    if not args.verbose:
        print_footer(result, console)
    if args.json:
        result.save(args.json)
        console.print(f"results saved to {args.json}")
    return 0


def render(result: RunResult, console: Any, verbose: bool = False) -> None:
    """Print ``result`` as ``arraybench run`` does: per experiment a rule, its question, its
    answer, its tables and findings; then the remaining workloads' tables and findings.

    Args:
        result: a run's results (one run, or several combined).
        console: the rich console to print on.
        verbose: the full detail (a row per case, every finding), as ``run -v``.
    """
    profile = cached_for(result)
    records = {
        name: rec
        for name, rec in result.extra.items()
        if isinstance(rec, Mapping) and "question" in rec and isinstance(rec.get("workloads"), list)
    }
    claimed: set[str] = set()
    for name, rec in records.items():
        names = {str(w) for w in rec["workloads"]}
        claimed |= names
        print_header(str(rec.get("title", name)), str(rec["question"]), console)
        part = replace(
            result,
            cases=tuple(c for c in result.cases if c.workload in names),
            skipped=tuple(s for s in result.skipped if _workload_of(s.what) in names),
        )
        stored = rec.get("answer")
        answer = Answer.from_dict(stored) if isinstance(stored, Mapping) else None
        _group(part, profile, console, verbose, answer, str(rec.get("claim", "")))
    rest = tuple(c for c in result.cases if c.workload not in claimed)
    if rest or not records:
        skipped = tuple(s for s in result.skipped if _workload_of(s.what) not in claimed)
        _group(replace(result, cases=rest, skipped=skipped), profile, console, verbose)


def _group(
    result: RunResult,
    profile: Any,
    console: Any,
    verbose: bool,
    answer: Answer | None = None,
    claim: str = "",
) -> None:
    if not result.cases:
        console.print("[dim]no cases stored[/dim]")
        return
    analysis = analyze(result, profile)
    print_group(result, analysis, console, answer, claim, verbose=verbose, profile=profile)


def _workload_of(what: str) -> str:
    # Skips are named "workload/impl on backend..." or just "workload" (runner.plan).
    return what.split("/", 1)[0]


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)
