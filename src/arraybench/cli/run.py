"""``arraybench run``: run workloads (built-in names or .py files), show the table, save JSON."""

from __future__ import annotations

import argparse
from typing import Any

from ..config import DEFAULT_BUDGET_S, DEFAULT_TARGET, DTYPES, RunConfig
from ..measure.runner import Case, run
from ..results import CaseResult, RunResult
from ..suites import resolve
from . import _console
from ._args import parse_names, parse_sizes, parse_target, positive_float, positive_int


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "run",
        parents=parents,
        help="run workloads on every backend, check and time them",
        description="Run workloads on every installed backend, check each output against the "
        "reference, time each case to a 95%% confidence interval, and print a table. With no "
        "WORKLOAD, runs the built-in suite.",
    )
    p.add_argument(
        "targets",
        nargs="*",
        metavar="WORKLOAD|FILE.py",
        help="built-in workload names (see 'arraybench list') or Python files "
        "defining Workload objects",
    )
    p.add_argument(
        "-b",
        "--backend",
        action="append",
        metavar="NAME",
        help="backends to run, comma-separated or repeated (default: every one an "
        "impl names and that is installed)",
    )
    p.add_argument(
        "--device",
        action="append",
        metavar="NAME",
        help="devices: cpu, cuda (default: cpu and every GPU present)",
    )
    p.add_argument(
        "--dtype",
        action="append",
        metavar="NAME",
        help=f"dtypes: {', '.join(DTYPES)} (default: the workload's, usually float32 and float64)",
    )
    p.add_argument("--impl", action="append", metavar="LABEL", help="only impls with this label")
    p.add_argument(
        "--sizes",
        type=parse_sizes,
        metavar="SIZES",
        help="problem sizes: 1,10,100 or 1:1e6 (one per decade) or 1:1e6:3",
    )
    p.add_argument(
        "--threads",
        type=positive_int,
        metavar="N",
        help="threads for every library (default: leave as found; always recorded)",
    )
    p.add_argument(
        "--budget",
        type=positive_float,
        default=DEFAULT_BUDGET_S,
        metavar="SECONDS",
        help=f"seconds of measuring per case after its first call (default {DEFAULT_BUDGET_S})",
    )
    p.add_argument(
        "--target",
        type=parse_target,
        default=DEFAULT_TARGET,
        metavar="PRECISION",
        help="stop a case when the 95%% CI of its median is within this (default 2%%)",
    )
    p.add_argument(
        "--max-samples",
        type=positive_int,
        default=10_000,
        metavar="N",
        help="stop a case after N samples (default 10000)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the input data (default 0)")
    p.add_argument("--json", metavar="PATH", help="save the results as JSON to PATH")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    workloads = resolve(args.targets)
    config = RunConfig(
        backends=parse_names(args.backend),
        devices=parse_names(args.device),
        dtypes=parse_names(args.dtype),
        impls=parse_names(args.impl),
        sizes=args.sizes,
        threads=args.threads,
        budget=args.budget,
        target=args.target,
        max_samples=args.max_samples,
        seed=args.seed,
    )

    console = _console.console()
    result = _run_with_progress(workloads, config, quiet=args.quiet)
    if args.json:
        result.save(args.json)
    result.table(console=console)
    if args.json:
        console.print(f"results saved to {args.json}")
    if not result.cases:
        console.print(
            "[red]nothing ran[/red]: every case was skipped (see 'not run' above, "
            "and 'arraybench env' for what is installed)"
        )
        return 1
    return 0 if result.all_passed else 1


def _run_with_progress(workloads: Any, config: RunConfig, quiet: bool) -> RunResult:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    if quiet:
        return run(workloads, config)
    err = Console(stderr=True)
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("starting", total=None)
        failures = 0

        def progress(done: int, total: int, case: Case, result: CaseResult | None) -> None:
            nonlocal failures
            if result is not None and not result.ok:
                failures += 1
                bar.console.print(
                    f"[red]✗[/red] {case.name}: {result.error}", markup=False, highlight=False
                )
            bar.update(
                task,
                total=total,
                completed=done,
                description=f"{case.name}" + (f"  [red]{failures} failed" if failures else ""),
            )

        return run(workloads, config, progress=progress)
