"""The measurement: every tool on every kernel, in rounds, with the reference and the machine."""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from . import engine
from .figures import fmt_time
from .kernels import Kernel
from .plan import round_plan
from .reference import MIN_TIME_S, Reference
from .runs import (
    ADAPTIVE,
    ARRAYBENCH,
    ARRAYBENCH_PROCESSES,
    BLOCKED,
    PYPERF,
    PYPERF_FAST,
    PYTEST,
    REFERENCE,
    ROUND_TOOLS,
    TIMEIT,
    TOOLS,
    Context,
    Run,
    summarize,
)
from .tools import arraybench, pyperf, timeit, torch_timer
from .tools.pytest_benchmark import Session

#: The format of the saved data; version 2 added each run's interval bounds, the second
#: arraybench tool and the thread count (version 1 still renders).
FORMAT, VERSION = "arraybench.peers", 2

RUNNERS: dict[str, Callable[[Context], Run]] = {
    ARRAYBENCH: arraybench.run,
    ARRAYBENCH_PROCESSES: lambda ctx: arraybench.run(ctx, engine.DEFAULT_PROCESSES),
    TIMEIT: timeit.run,
    BLOCKED: torch_timer.run_blocked,
    ADAPTIVE: torch_timer.run_adaptive,
    PYPERF: pyperf.run_default,
    PYPERF_FAST: pyperf.run_fast,
}


def _say(k: Kernel, r: int, rounds: int, tool: str, run: Run | None, wall: float) -> None:
    figure = "" if run is None else f"{fmt_time(run.median):>9} ±{run.rel_ci:6.1%}"
    print(f"{k.name:12} round {r + 1}/{rounds} {tool:22} {figure:18} in {wall:6.2f} s",
          file=sys.stderr)  # fmt: skip


def measure_kernel(
    k: Kernel,
    rounds: int,
    pyperf_default: bool,
    scratch: Path,
    ref_repeats: int,
    pass_env: Sequence[str] = (),
) -> dict[str, Any]:
    """Every tool on one kernel, in rounds, and its reference.

    Args:
        k: the kernel.
        rounds: rounds (runs per tool, pyperf aside).
        pyperf_default: whether to make pyperf's default run.
        scratch: a folder for generated files.
        ref_repeats: reference repeats per round.
        pass_env: environment variables the tools' processes must see.

    Returns:
        ``{"runs": {tool: [run, ...]}, "reference": {...}, "load": [...]}`` (JSON-ready).
    """
    ctx = Context(k, scratch, rounds, pass_env)
    ref = Reference(k)
    runs: dict[str, list[Run]] = {t: [] for t in TOOLS}
    loads = [engine.load1()]
    try:
        session = ctx.kept(PYTEST, lambda: Session(ctx))
        for r, order in enumerate(round_plan(rounds, ROUND_TOOLS, pyperf_default)):
            for tool in order:
                if tool == REFERENCE:
                    ref.repeat(ref_repeats)
                elif tool == PYTEST:
                    _say(k, r, rounds, tool, None, session.turn())
                else:
                    run = RUNNERS[tool](ctx)
                    runs[tool].append(run)
                    _say(k, r, rounds, tool, run, run.wall)
            loads.append(engine.load1())
        runs[PYTEST] = session.finish()
    finally:
        ref.close()
        ctx.close()
    return {
        "what": k.what,
        "runs": {t: [r.to_dict() for r in rs] for t, rs in runs.items() if rs},
        "reference": {
            "median": statistics.median(ref.times),
            "min": min(ref.times),
            "repeats": len(ref.times),
            "number": ref.number,
            "rel_ci": summarize(ref.times, 0.0).rel_ci,
        },
        "load": loads,
    }


def environment(threads: int) -> dict[str, Any]:
    """The machine and the versions of everything measured."""
    import arraybench

    versions = {}
    for dist in ("numpy", "torch", "jax", "jaxlib", "pyperf", "pytest", "pytest-benchmark"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = "not installed"
    return {
        "cpu": engine.cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": engine.usable_cores(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "arraybench": arraybench.__version__,
        **versions,
        "threads": threads,
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    }


def measure_all(
    kernels: Sequence[Kernel],
    rounds: int,
    pyperf_default: bool,
    ref_repeats: int,
    max_load: float,
    wait_s: float,
    command: str,
) -> dict[str, Any]:
    """Measure every kernel with every tool; the data the document is made from.

    Every tool, and every process one starts, times with arraybench's default thread count
    (:func:`engine.one_thread_per_library`).

    Args:
        kernels: the kernels.
        rounds: rounds per kernel.
        pyperf_default: whether pyperf's default run is made (its --fast run always is).
        ref_repeats: reference repeats per round.
        max_load: wait for a 1-minute load under this first.
        wait_s: the longest wait.
        command: the command line, as the page should show it.

    Returns:
        The JSON-ready data: environment, settings, per-kernel runs and references.
    """
    load_start = engine.wait_for_quiet(max_load, wait_s)
    started = time.perf_counter()
    with engine.one_thread_per_library(engine.DEFAULT_THREADS) as env:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "env": environment(engine.DEFAULT_THREADS),
            "settings": {
                "rounds": rounds,
                "pyperf_default": pyperf_default,
                "ref_repeats": ref_repeats * rounds,
                "ref_min_time": MIN_TIME_S,
                "processes": engine.DEFAULT_PROCESSES,
                "command": command,
            },
            "timeit_pass": timeit.pass_cost(),
            "kernels": {},
        }
        with tempfile.TemporaryDirectory(prefix="arraybench-peers-") as tmp:
            for k in kernels:
                data["kernels"][k.name] = measure_kernel(
                    k, rounds, pyperf_default, Path(tmp), ref_repeats, tuple(env)
                )
    data["env"]["load_start"] = round(load_start, 2)
    data["env"]["load_end"] = round(engine.load1(), 2)
    data["env"]["load_max"] = round(max(x for d in data["kernels"].values() for x in d["load"]), 2)
    data["elapsed_s"] = round(time.perf_counter() - started, 1)
    return data
