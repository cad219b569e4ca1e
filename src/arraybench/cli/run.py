"""``arraybench run``: run workloads (built-in names or .py files), show the table, save JSON."""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import math
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, TypeVar

from rich.markup import escape

from .. import against
from ..analysis import stability
from ..analysis.claims import Answer
from ..analysis.compare import threshold_of
from ..analysis.comparison import SOURCE_KEY
from ..analysis.findings import analyze
from ..base import interrupts
from ..base.errors import ConfigError
from ..config import (
    DEFAULT_BUDGET_S,
    DEFAULT_PROCESSES,
    DEFAULT_START,
    DEFAULT_TARGET,
    DEFAULT_THREADS,
    SPENDING,
    STARTS,
    RunConfig,
)
from ..measure import compile_cache
from ..measure import env as _env
from ..measure.cluster_client import shared_cluster
from ..measure.plan import ResumeKey, resume_key
from ..measure.processes import forks, preload_workloads, shared_pool
from ..measure.profile import load_cached
from ..measure.runner import Case, Progress, run
from ..measure.walltime import (
    OTHER,
    REPORTING,
    SHUT_DOWN,
    START_UP,
    WALL,
    process_age,
    watching_imports,
)
from ..names import DTYPES
from ..report.summary import (
    View,
    print_footer,
    print_group,
    print_header,
    print_machine_group,
    print_machines_table,
)
from ..report.timing import print_time_line, print_time_split
from ..results import CaseResult, RunResult, TimeSplit
from ..store import INTERRUPTED, StoreError, open_store
from ..suites import resolve
from ..suites.experiment import Experiment, combine, run_experiment
from ..workload import Workload
from . import _console, _resume
from ._args import (
    parse_names,
    parse_sizes,
    parse_target,
    parse_threads,
    positive_float,
    positive_int,
)
from .history import add_store_argument


def parse_bytes(text: str) -> int:
    """``4G``, ``512M``, ``1.5GiB``, ``1000000``: a number of bytes (powers of 1024)."""
    units = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    t = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = t[-1:] if t[-1:] in units else ""
    try:
        value = float(t[: len(t) - len(unit)] if unit else t)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a memory size: use e.g. 4G, 512M or a number of bytes"
        ) from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the memory limit must be a finite number above 0"
        )
    return int(value * units[unit])


#: Seconds per case with --quick: enough for a ±5% look at fast kernels, not a careful figure.
QUICK_BUDGET_S = 0.1


def add_parser(sub: Any, parents: list[Any]) -> None:
    p = sub.add_parser(
        "run",
        parents=parents,
        help="run workloads on every backend, check and time them",
        description="Run workloads on every installed backend, check each output against the "
        "reference, time each case to a 95% confidence interval, and print a table. With no "
        "WORKLOAD, runs the classic suite and answers its questions.",
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
        type=parse_threads,
        default=DEFAULT_THREADS,
        metavar="N|all",
        help=f"threads for every library (default {DEFAULT_THREADS}: the same answer on every "
        "machine, and no two libraries' pools fighting for the cores; 'all': every usable "
        "core); shown with every result",
    )
    p.add_argument(
        "--budget",
        type=positive_float,
        default=None,
        metavar="SECONDS",
        help=f"seconds of measuring per case after its first call, spread over it in blocks "
        f"and split between the processes (default {DEFAULT_BUDGET_S}, or {QUICK_BUDGET_S} with "
        "--quick)",
    )
    p.add_argument(
        "--quick",
        action="store_true",
        help="a fast look: each workload's quick sizes and a smaller budget",
    )
    p.add_argument(
        "--target",
        type=parse_target,
        default=DEFAULT_TARGET,
        metavar="PRECISION",
        help="the precision a case should reach: one whose 95%% interval is wider is flagged, "
        "with what would narrow it (default 5%%)",
    )
    p.add_argument(
        "--max-samples",
        type=positive_int,
        default=10_000,
        metavar="N",
        help="stop a case after N samples (default 10000)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the input data (default 0)")
    p.add_argument(
        "--against",
        metavar="REV",
        help="measure each workload FILE.py against its version at REV (a git revision of the "
        "repository holding it, or the other version's file or folder), both in the same rounds "
        "of every process; each case's time over REV's, with its interval and verdict, and exit "
        "code 1 when one is slower (docs/ci.md)",
    )
    p.add_argument("--json", metavar="PATH", help="save the results as JSON to PATH")
    p.add_argument(
        "--html", metavar="PATH", help="write a self-contained HTML report (plots, findings)"
    )
    add_store_argument(p)
    p.add_argument(
        "--no-store",
        action="store_true",
        help="do not save this run in the history store",
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="finish the last interrupted run of the same command, measuring only what it "
        "lacks: the cases it did not finish, and of those it began only the processes' parts "
        "it did not store",
    )
    p.add_argument(
        "--processes",
        type=positive_int,
        default=DEFAULT_PROCESSES,
        metavar="N",
        help=f"measure in N fresh processes (default {DEFAULT_PROCESSES}), each taking its "
        "share of every case's budget: a kernel's speed depends on the process's memory layout, "
        "so intervals are taken across processes and hold a repeat run's figures; 1 measures "
        "in this process (faster to start, but its intervals leave that out). Workloads must "
        "be in files or built in",
    )
    p.add_argument(
        "--start",
        choices=STARTS,
        default=DEFAULT_START,
        help="how the worker processes start: fork (default: each forked from a process of its "
        "own that imported the run's libraries as the run began, all side by side, so that "
        "none imports while another measures and each keeps a memory layout of its own; "
        "fresh processes where forking cannot be done, and the run says why), fresh (a new "
        "Python each, importing the libraries when its first case needs them: about 1.7x "
        "the time of a quick run) or overlap (a new Python each, which imports the run's "
        "libraries at idle priority while the one before it measures: its measurements "
        "noisier)",
    )
    p.add_argument(
        "--spending",
        choices=SPENDING,
        default=SPENDING[0],
        help="how an experiment spends its budget: even (default) gives every case its whole "
        "budget; adaptive measures the cases its claims read in two stages, stops those whose "
        "answer is settled at the look between them (verdict told, interval within --target) "
        "and gives their time to the open ones; their intervals are taken at 97.5%% so that "
        "both looks together keep 95%% (docs/method.md)",
    )
    p.add_argument(
        "--isolate",
        action="store_true",
        help="run each case in a worker process: a crash, hang or memory blow-up costs only "
        "that case (cases are then sampled one after another, not in turns)",
    )
    p.add_argument(
        "--timeout",
        type=positive_float,
        metavar="SECONDS",
        help="stop a case after SECONDS and skip the larger sizes of its series (implies "
        "--isolate)",
    )
    p.add_argument(
        "--memory-limit",
        type=parse_bytes,
        metavar="SIZE",
        help="memory a case may use, e.g. 4G or 512M; past it the case fails and the larger "
        "sizes of its series are skipped (implies --isolate)",
    )
    p.add_argument(
        "--cluster",
        metavar="local:N|tcp://HOST:PORT",
        help="measure on a Dask cluster instead of here: local:N starts N single-threaded "
        "worker processes on this machine, tcp://HOST:PORT uses a running scheduler (`dask "
        "scheduler`, then `dask worker tcp://HOST:PORT --nthreads 1` on each machine). Every "
        "machine measures the whole case matrix, one size group at a time: benchmarks never "
        "share a machine's cores. Each case is tagged with its machine and stored as it "
        "finishes; --processes spreads each case over that many of a machine's worker "
        "processes; --timeout restarts a stuck worker. Needs arraybench[cluster] here and on "
        "every worker, workloads built in or in files (the files are sent to the workers)",
    )
    add_view_arguments(p)
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=main)


def add_view_arguments(p: Any) -> None:
    """-v and --format, shared by ``run`` and ``show``."""
    p.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="the full detail: a row per case (CI, first call, speedup vs ref, check, "
        "warnings), every finding, the whole answer (default: each answer first, a compact "
        "table per workload with the sizes as columns, the findings that matter)",
    )
    p.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people (default); json prints the results file on stdout (messages "
        "go to stderr), for scripts: arraybench run w.py --format json | jq ...",
    )


def main(args: argparse.Namespace) -> int:
    """The command, its wall time split into parts from the process's start (:mod:`walltime`),
    with the libraries' compile caches set up for it and its workers."""
    age = process_age() or 0.0
    WALL.restart(START_UP, before=age)
    started = time.perf_counter() - age
    # SIGTERM stops a run as Ctrl-C does: what was measured is stored, the run marked
    # interrupted, and the exit status says which signal it was (130, 143).
    with interrupts.catching(), compile_cache.in_this_process() as cache, watching_imports():
        return _main(
            args, lambda: WALL.split({}, time.perf_counter() - started, compile_cache=cache)
        )


def _main(args: argparse.Namespace, split: Callable[[], TimeSplit]) -> int:
    given = [str(t) for t in args.targets]  # (--against puts a merge module in their place)
    other = _against(args) if args.against else None
    items = resolve(args.targets)
    budget = (
        args.budget
        if args.budget is not None
        else (QUICK_BUDGET_S if args.quick else DEFAULT_BUDGET_S)
    )
    config = RunConfig(
        backends=parse_names(args.backend),
        devices=parse_names(args.device),
        dtypes=parse_names(args.dtype),
        impls=parse_names(args.impl),
        sizes=args.sizes,
        threads=args.threads,
        budget=budget,
        target=args.target,
        max_samples=args.max_samples,
        seed=args.seed,
        quick=args.quick,
        isolate=args.isolate,
        timeout=args.timeout,
        memory_limit=args.memory_limit,
        processes=args.processes,
        cluster=args.cluster,
        spending=args.spending,
        start=args.start,
    )
    if config.cluster is not None:
        from ..measure.cluster_client import require_dask

        require_dask()
    as_json = args.format == "json"
    console = _console.console(stderr=True) if as_json else _console.console()
    view = View(verbose=args.verbose, silent=as_json)
    profile = load_cached()
    if args.resume and args.no_store:
        raise ConfigError("--resume continues a run kept in the store: drop --no-store")
    # The store is opened before anything is measured: a store that cannot be written is an
    # error now, not after an hour of measuring.
    store = None if args.no_store else open_store(args.store)
    resume: dict[ResumeKey, CaseResult] = {}
    parts: _resume.Parts = {}
    tally = _resume.Tally()
    run_id = None
    if store is not None and args.resume:
        run_id = store.unfinished(config.to_dict(), list(args.targets))
        if run_id is None:
            raise ConfigError(
                f"no interrupted run of this command's settings in {store.path}: nothing to "
                "resume (run it without --resume; 'arraybench history' lists the runs)"
            )
        store.reopen(run_id)
        resume = {resume_key(c): c for c in store.load(run_id).cases}
        parts = store.parts(run_id)
        tally = _resume.Tally.resumed(len(resume), parts)
        console.print(escape(_resume.resuming(run_id, tally, config)), soft_wrap=True)
    elif store is not None:
        # The pid lets a later --resume tell a run still being measured from a dead one.
        env = {**_env.collect(), "pid": os.getpid()}
        run_id = store.begin_run(config.to_dict(), env, None, list(args.targets))

    def on_result(case: CaseResult) -> None:
        nonlocal store
        if store is None or run_id is None:
            return
        try:
            store.add_case(run_id, case)
            tally.cases += 1
        except StoreError as e:  # a full disk must not throw away the measuring still to come
            console.print(f"[yellow]history not written from here on: {escape(str(e))}[/yellow]")
            store = None

    def on_parts(process: int, got: Sequence[CaseResult]) -> None:
        nonlocal store
        if store is None or run_id is None:
            return
        try:
            store.add_parts(run_id, process, got)
            tally.parts += len(got)
        except StoreError as e:
            console.print(f"[yellow]history not written from here on: {escape(str(e))}[/yellow]")
            store = None

    def on_machine(name: str, record: Mapping[str, Any]) -> None:
        nonlocal store
        if store is None or run_id is None:
            return
        try:
            store.add_machine(run_id, name, record)
        except StoreError as e:
            console.print(f"[yellow]history not written from here on: {escape(str(e))}[/yellow]")
            store = None

    keep = Keep(on_result, on_machine, resume, profile, on_parts, parts)
    results: list[RunResult] = []
    WALL.rebase(OTHER)
    try:
        # Worker processes (and a cluster) live for the whole command, not one experiment; a
        # zygote (--start fork) imports every experiment's libraries once.
        with shared_pool(_libraries(items, config), config), shared_cluster():
            for group in _groups(items):
                if isinstance(group, Experiment):
                    if not as_json:
                        print_header(group.title, group.question, console)
                    result, answer = _with_progress(
                        functools.partial(_run_experiment, group, config, keep),
                        quiet=args.quiet,
                    )
                    with WALL.part(REPORTING):
                        result = _explained(
                            result, group.name, profile, console, view, (group.claim, answer)
                        )
                else:
                    result = _with_progress(
                        functools.partial(_run, group, config, keep), quiet=args.quiet
                    )
                    with WALL.part(REPORTING):
                        result = _explained(result, "workloads", profile, console, view)
                results.append(result)
            WALL.rebase(SHUT_DOWN)  # the workers (or the cluster) are let go of next
    except BaseException as e:
        if store is not None and run_id is not None:
            # A second Ctrl-C here stops at once: what was stored stays, and the run, left
            # 'running' by a process that is gone, is still found by --resume.
            with contextlib.suppress(StoreError):
                kept = store.load(run_id)
                store.finish_run(run_id, kept, INTERRUPTED)
                left = store.parts(run_id)
                # Only an interruption is finished by --resume; an error is reported by the
                # caller, and here only what was kept is said, if anything was.
                if isinstance(e, KeyboardInterrupt):
                    said = _resume.stopped(run_id, len(kept.cases), left, config, e)
                    print(said, file=sys.stderr)
                elif kept.cases or left:
                    said = _resume.stopped(run_id, len(kept.cases), left, config, None)
                    print(said, file=sys.stderr)
        raise
    stopped: KeyboardInterrupt | None = None
    if other is not None and results:
        # Pinpoint's rule: where a case cannot tell, more processes (fresh ones, each a unit of
        # its interval), up to a limit. Stopped there, the run is reported and kept as it was
        # before them, then the stop is raised (its exit status).
        try:
            results[-1] = _more_processes(results[-1], items, config, other, profile, console, args)
        except KeyboardInterrupt as e:
            stopped = e
            console.print(
                "[yellow]stopped while adding processes to the cases that cannot tell: the "
                "run is reported and kept with the processes measured before[/yellow]"
            )
    WALL.rebase(REPORTING)
    combined = combine(results) if results else RunResult(cases=())
    try:  # this machine's run-to-run drift, for comparisons of runs without a canary
        stability.remember(combined.started, combined.extra)
    except OSError as e:
        console.print(
            f"[dim]the machine's stability record was not updated: {escape(str(e))}[/dim]"
        )
    if profile is None:
        console.print(
            "[dim]fraction of peak: run 'arraybench probe' once to measure this machine's "
            "bandwidth and matrix-multiply peak, and every run shows it[/dim]"
        )
    if not as_json:
        if len(combined.machine_names) > 1:
            print_machines_table(combined, console)
        if not args.verbose:
            print_footer(combined, console)
    if args.html:
        from ..report.html import write as write_html

        path = write_html(combined, args.html, profile=profile)
        console.print(f"HTML report: {path.resolve()}")
    files = [t for t in given if Path(t).is_file()]
    where = against.source(files[0], files) if files else None
    if where is not None:  # the commit it measured: a later run can measure it beside its own
        combined = replace(combined, extra={**combined.extra, SOURCE_KEY: where})
    if other is not None:
        band = threshold_of(combined.config)
        found = against.pairs(combined.cases, other.tag, band)
        extra = {**combined.extra, against.EXTRA_KEY: against.record(other, found, band)}
        combined = replace(combined, extra=extra)
    # Where the time went, up to here: what is left (writing the file) takes milliseconds.
    combined = replace(combined, time=split())
    if store is not None and run_id is not None:
        store.finish_run(run_id, combined)
        store.close()
    if as_json:
        print(json.dumps(combined.to_dict(), indent=1))
    if args.json:
        combined.save(args.json)
        console.print(f"results saved to {args.json}")
    if args.verbose and not as_json and combined.time is not None:
        print_time_split(combined, console)
    elif not as_json:
        print_time_line(combined, console)
    if run_id is not None and args.resume:
        console.print(
            f"[dim]{escape(_resume.resumed(run_id, tally, config))}[/dim]", soft_wrap=True
        )
    if run_id is not None:
        console.print(
            f"[dim]stored as run {run_id}: 'arraybench show {run_id}' shows it again, "
            "'arraybench history' lists runs[/dim]"
        )
    for s in combined.broken:  # a workload that could not run at all fails the command
        console.print(f"[red]✗ {escape(s.what)} did not run: {escape(s.reason)}[/red]")
    if not combined.cases and not combined.broken:
        console.print(
            "[red]nothing ran[/red]: every case was skipped (see 'not run' above, "
            "and 'arraybench env' for what is installed)"
        )
        return 1
    slower = False
    if other is not None:
        slower = _print_against(combined, other, console)
    if stopped is not None:
        raise stopped
    return 0 if combined.all_passed and not slower else 1


def _against(args: argparse.Namespace) -> against.Version:
    """``--against REV``: each target, a workload file, replaced by the module that measures it
    beside its version at REV (against.py); the impls named by --impl with their REV twins."""
    if not args.targets or any(not str(t).endswith(".py") for t in args.targets):
        raise ConfigError(
            "--against REV measures a workload file against its version at REV: name one "
            "FILE.py (a built-in workload or the classic suite has no other version)"
        )
    if len(args.targets) > 1:
        raise ConfigError("--against REV takes one workload file at a time")
    if args.cluster:
        raise ConfigError(
            "--against REV measures here: the other version's tree is on this machine only "
            "(drop --cluster)"
        )
    other = against.version(args.targets[0], args.against)
    args.targets = [str(against.merge_file(args.targets[0], other))]
    if args.impl:
        labels = parse_names(args.impl) or ()
        args.impl = [",".join([*labels, *(f"{x}{against.MARK}{other.tag}" for x in labels)])]
    return other


def _more_processes(
    result: RunResult,
    items: list[Experiment | Workload],
    config: RunConfig,
    other: against.Version,
    profile: Any,
    console: Any,
    args: argparse.Namespace,
) -> RunResult:
    """``--against``: while cases cannot tell, measure those cases and their twins again in
    :data:`against.ADD` more processes (a pool of its own: new processes, new memory layouts),
    their parts joined to the run's, until each is decided or has
    :data:`against.MAX_PROCESSES`."""
    workloads = [w for w in items if isinstance(w, Workload)]
    band = threshold_of(result.config)
    quiet = Keep(lambda c: None, lambda n, r: None, {}, profile, lambda p, g: None, {})
    while True:
        open_ = [
            p for p in against.pairs(result.cases, other.tag, band) if p.verdict == "cannot tell"
        ]
        if not open_ or config.processes < 2:
            return result
        have = min(p.units for p in open_)  # each a process: more than one per case
        if have + against.ADD > against.MAX_PROCESSES:
            return result
        labels = sorted(
            {p.key[1] for p in open_} | {f"{p.key[1]}{against.MARK}{other.tag}" for p in open_}
        )
        sizes = tuple(sorted({int(p.key[5]) for p in open_}))
        console.print(
            f"[dim]{len(open_)} case{'s' if len(open_) != 1 else ''} cannot tell against "
            f"{escape(other.rev)} from {have} processes: {against.ADD} more, each a unit of the "
            f"interval (up to {against.MAX_PROCESSES})[/dim]"
        )
        sub = replace(config, impls=tuple(labels), sizes=sizes, processes=against.ADD)
        more = _with_progress(functools.partial(_run, workloads, sub, quiet), quiet=args.quiet)
        result = against.extended(result, more, {p.key for p in open_}, other.tag)


def _print_against(result: RunResult, other: against.Version, console: Any) -> bool:
    """The table of each case against REV; True when a case is slower."""
    record = result.extra.get(against.EXTRA_KEY) or {}
    found = record.get("pairs") or []
    threshold = float(record.get("threshold") or 0.05)
    what = f"{other.rev} ({other.commit[:10]})" if other.commit else other.rev
    console.print()
    if not found:
        console.print(
            f"[bold]Against {escape(what)}[/bold]: no case was measured in both versions (an "
            "impl renamed, or failing in one): nothing to compare"
        )
        return False
    console.print(
        f"[bold]This version against {escape(what)}[/bold]: each case's time over REV's, the "
        "two measured in the same rounds of every process, on the same inputs (no-change band "
        f"±{threshold:.0%}: slower or faster when the whole 95% CI lies beyond it, no change "
        "when inside, else cannot tell)"
    )
    width = max(len(p["case"]) for p in found)
    counts: dict[str, int] = {}
    for p in found:
        lo, hi = p["ratio_ci"]
        verdict = p["verdict"]
        counts[verdict] = counts.get(verdict, 0) + 1
        style = {"slower": "red", "faster": "green"}.get(verdict, "")
        shown = f"[{style}]{verdict}[/{style}]" if style else verdict
        console.print(
            f"  {escape(p['case']).ljust(width)}  {p['ratio']:.3f}x [{lo:.3f}–{hi:.3f}]  {shown}"
        )
    summary = ", ".join(f"{n} {v}" for v, n in counts.items())
    console.print(f"[bold]Against {escape(other.rev)}[/bold]: {summary}")
    if counts.get("cannot tell"):
        units = max(int(p.get("units") or 0) for p in found if p["verdict"] == "cannot tell")
        console.print(
            f"[dim]cannot tell: the interval reaches past the band after {units} processes "
            f"(the most --against adds up to is {against.MAX_PROCESSES}); a larger --budget, or a "
            "wider band (--target), settles it[/dim]"
        )
    differs = [p for p in found if p.get("output_differs") is not None]
    if differs:
        worst = max(float(p["output_differs"]) for p in differs)
        console.print(
            f"[yellow]{len(differs)} case{'s' if len(differs) != 1 else ''}: "
            f"{escape(other.rev)}'s output differs from this version's (largest relative error "
            f"{worst:.3g}); each version is timed on what it computes[/yellow]"
        )
    shared = record.get("shared_modules") or []
    if shared:
        console.print(
            f"[yellow]the {escape(other.rev)} side imported {', '.join(shared)} from this work "
            "tree (not found in its own tree): those are the same in both versions[/yellow]"
        )
    if counts.get("slower"):
        console.print(f"[red]{counts['slower']} slower than {escape(other.rev)}[/red]: exit code 1")
    return bool(counts.get("slower"))


def _explained(
    result: RunResult,
    key: str,
    profile: Any,
    console: Any,
    view: View,
    answered: tuple[str, Answer] | None = None,
) -> RunResult:
    """Print the answer, the tables and the findings; keep the findings with the results. A run
    on several machines is explained machine by machine, each with its own answer."""
    claim, answer = answered if answered is not None else ("", None)
    machines = result.machine_names
    if len(machines) <= 1:
        analysis = analyze(result, profile if not machines else None)
        if not view.silent:
            if machines:
                console.print(_measured_on(result, machines[0]))
            print_group(
                result, analysis, console, answer, claim, verbose=view.verbose, profile=profile
            )
        findings = {key: [f.to_dict() for f in analysis.findings]}
        return replace(result, extra={**result.extra, "findings": findings})
    if not view.silent:
        record = result.extra.get(key) if answered is not None else None
        print_machine_group(result, console, record, verbose=view.verbose)
    findings = {
        f"{key} on {m}": [f.to_dict() for f in analyze(result.on_machine(m), None).findings]
        for m in machines
    }
    return replace(result, extra={**result.extra, "findings": findings})


def _measured_on(result: RunResult, machine: str) -> str:
    """ "on NAME: CPU, N cores, GPU, K worker processes" in bold, for the head of its part."""
    from ..analysis.machines import in_brief

    return f"[bold]on {escape(machine)}[/bold]: {escape(in_brief(result.machine_record(machine)))}"


@dataclass(frozen=True)
class Keep:
    """What every run of the command shares: where results go, and what it resumes."""

    on_result: Callable[[CaseResult], None]
    on_machine: Callable[[str, Mapping[str, Any]], None]
    resume: Mapping[ResumeKey, CaseResult]
    profile: Any
    on_parts: Callable[[int, Sequence[CaseResult]], None]
    resume_parts: _resume.Parts

    def hooks(self) -> dict[str, Any]:
        """The keyword arguments ``run`` and ``run_experiment`` take from it, by name."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _run_experiment(
    exp: Experiment, config: RunConfig, keep: Keep, progress: Progress | None
) -> tuple[RunResult, Answer]:
    return run_experiment(
        exp,
        config,
        progress=progress,
        **keep.hooks(),
    )


def _run(
    workloads: list[Workload], config: RunConfig, keep: Keep, progress: Progress | None
) -> RunResult:
    return run(
        workloads,
        config,
        progress=progress,
        **keep.hooks(),
    )


def _libraries(items: list[Experiment | Workload], config: RunConfig) -> list[str]:
    """What the command's runs import (their backends' libraries and compilers): for a zygote
    to import once, when the run forks its workers. Nothing when it does not."""
    if not forks(config):
        return []
    workloads = [
        w for item in items for w in (item.workloads if isinstance(item, Experiment) else [item])
    ]
    return preload_workloads(workloads, config)


def _groups(items: list[Experiment | Workload]) -> list[Experiment | list[Workload]]:
    """Experiments one by one; consecutive plain workloads together in one run."""
    out: list[Experiment | list[Workload]] = []
    for item in items:
        if isinstance(item, Workload):
            if out and isinstance(out[-1], list):
                out[-1].append(item)
            else:
                out.append([item])
        else:
            out.append(item)
    return out


T = TypeVar("T")


def _with_progress(job: Callable[[Progress | None], T], quiet: bool) -> T:
    """Run ``job(progress)`` under a progress bar on stderr (none when quiet)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as Bar

    if quiet:
        return job(None)
    err = Console(stderr=True)
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Bar(*columns, console=err, transient=True) as bar:
        task = bar.add_task("starting", total=None)
        failures = 0

        def progress(done: int, total: int, case: Case, result: CaseResult | None) -> None:
            # Failures are counted here and said once, grouped, after the tables.
            nonlocal failures
            if result is not None and not result.ok:
                failures += 1
            suffix = f"  [red]{failures} failed[/red]" if failures else ""
            bar.update(task, total=total, completed=done, description=escape(case.name) + suffix)

        return job(progress)
