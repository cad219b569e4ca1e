"""``arraybench show RUN``: a stored run printed again as ``arraybench run`` printed it."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

from ..analysis.claims import Answer
from ..analysis.findings import analyze
from ..analysis.machines import one_machine
from ..measure.profile import cached_for
from ..report.summary import (
    print_footer,
    print_group,
    print_header,
    print_machines,
    question_parts,
)
from ..report.timing import print_time_line, print_time_split
from ..results import RunResult
from ..store import RUNNING, open_store
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
    machines = result.machine_names
    env = one_machine(result).env
    where = (
        f"{len(machines)} machines: {_escape(', '.join(machines))}"
        if len(machines) > 1
        else f"{_escape(str(env.get('hostname', 'an unknown machine')))} "
        f"({_escape(str(env.get('cpu', 'unknown CPU')))})"
    )
    console.print(
        f"[bold]run {run_id}[/bold] ({status}): {len(result.cases)} cases, "
        f"{len(result.failed)} failed, started {local_time(result.started)} on {where}"
    )
    if status == RUNNING:
        console.print(
            "[yellow]this run never finished: it is still going, or was stopped before it "
            "could record its end; shown are the cases stored so far[/yellow]"
        )
    console.print()
    render(result, console, verbose=args.verbose)
    if not args.verbose:
        print_footer(one_machine(result), console)
        print_time_line(result, console)
    elif result.time is not None:
        print_time_split(result, console)
    if args.json:
        result.save(args.json)
        console.print(f"results saved to {args.json}")
    return 0


def render(result: RunResult, console: Any, verbose: bool = False) -> None:
    """Print ``result`` as ``arraybench run`` does: per experiment a rule, its question, its
    answer, its tables and findings; then the remaining workloads' tables and findings. A run
    from several machines: the Machines table first, then each machine's answer and tables
    under a heading naming it, and the lines comparing the machines (``print_machines``).

    Args:
        result: a run's results (one run, or several combined).
        console: the rich console to print on.
        verbose: the full detail (a row per case, every finding), as ``run -v``.
    """
    if len(result.machine_names) > 1:
        print_machines(result, console, verbose=verbose)
        return
    result = one_machine(result)
    profile = cached_for(result)
    for record, part in question_parts(result):
        if record is None:
            _group(part, profile, console, verbose)
            continue
        print_header(str(record["title"]), str(record["question"]), console)
        stored = record.get("answer")
        answer = Answer.from_dict(stored) if isinstance(stored, Mapping) else None
        _group(part, profile, console, verbose, answer, str(record.get("claim", "")))


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


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)
