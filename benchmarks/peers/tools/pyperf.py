"""pyperf's default ``Runner`` (20 worker processes, 3 values each), and its ``--fast`` run."""

from __future__ import annotations

import subprocess
import sys
import time

from ..kernels import setup_source
from ..runs import Context, Run, summarize

SCRIPT = """\
import pyperf

{setup}

runner = pyperf.Runner()
runner.bench_func({name!r}, kernel{comma_args})
"""


def run(ctx: Context, fast: bool) -> Run:
    """pyperf's default Runner (or ``--fast``) in a script run as a subprocess.

    Its wall time is the whole run's: pyperf spreads its values over fresh worker processes on
    purpose, so their start-up is part of what it costs to get its number. Its workers see only
    the environment variables they are told to inherit: the thread counts are passed on.
    """
    k = ctx.k
    script = ctx.path("pyperf", ".py")
    out = ctx.path("pyperf", ".json")
    comma_args = "".join(f", {a}" for a in k.args)
    script.write_text(SCRIPT.format(setup=setup_source(k), name=k.name, comma_args=comma_args))
    argv = [sys.executable, str(script), "--quiet", "-o", str(out)]
    if ctx.pass_env:
        argv.append("--inherit-environ=" + ",".join(ctx.pass_env))
    if fast:
        argv.append("--fast")
    t0 = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=ctx.scratch, check=False)
    wall = time.perf_counter() - t0
    if proc.returncode != 0 or not out.exists():
        raise RuntimeError(
            f"pyperf failed on {k.name} (rc {proc.returncode}; is it installed? "
            f"{sys.executable} -m pip install pyperf):\n{proc.stderr[-2000:]}"
        )
    import pyperf  # type: ignore[import-untyped]

    bench = pyperf.Benchmark.load(str(out))
    runs = [r for r in bench.get_runs() if r.values]
    return summarize(
        list(bench.get_values()),
        wall,
        processes=len(runs),
        own_mean=bench.mean(),
        loops=bench.get_loops(),
    )


def run_default(ctx: Context) -> Run:
    """pyperf's default run."""
    return run(ctx, fast=False)


def run_fast(ctx: Context) -> Run:
    """pyperf's ``--fast`` run (10 processes, 2 values)."""
    return run(ctx, fast=True)
