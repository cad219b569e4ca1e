"""arraybench as a user gets it: ``arraybench.run`` on a workload file whose one impl is the
kernel, every setting at its default (see the package's docstring for what those are today).

Two ways, each its own tool: in this process (``arraybench.run``'s default, ``processes=1``),
and in the command line's fresh worker processes (``processes=DEFAULT_PROCESSES``), where a
run's interval is taken across processes. The workload is written to a file and loaded as
``arraybench run FILE`` loads it, so that the worker processes can load it again.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from .. import engine
from ..kernels import workload_source
from ..runs import Context, Run, summarize


def workload(ctx: Context) -> Any:
    """The kernel's workload, written to the scratch folder and loaded once per kernel."""

    def make() -> Any:
        path = ctx.path("workload", ".py")
        path.write_text(workload_source(ctx.k))
        return engine.load_workload(path)

    return ctx.kept("workload", make)


def run(ctx: Context, processes: int = 1) -> Run:
    """One ``arraybench.run`` on this kernel's backend and dtype alone.

    Args:
        ctx: the kernel's context.
        processes: 1 for the library's default; more passes ``processes=`` as the command
            line does.

    Returns:
        The run: arraybench's median, the interval it states, its raw samples' count, and the
        wall time of the whole call.
    """
    import arraybench as ab

    k = ctx.k
    w = workload(ctx)
    settings: dict[str, Any] = {} if processes == 1 else {"processes": processes}
    t0 = time.perf_counter()
    result = ab.run(w, backends=[k.backend], dtypes=[k.dtype], **settings)
    wall = time.perf_counter() - t0
    case = next((c for c in result.cases if c.impl == k.name), None)
    if case is None or not case.ok or case.measurement is None:
        error = case.error if case is not None else "no case ran"
        raise RuntimeError(f"arraybench failed on {k.name}: {error}")
    m = case.measurement
    iv = m.interval
    raw = summarize(m.samples, wall)
    return dataclasses.replace(
        raw,
        rel_ci=iv.rel_halfwidth,
        level=iv.level,
        low=iv.low,
        high=iv.high,
        extra={
            "own_elapsed": m.elapsed,
            "stop": m.stop,
            "loops": m.loops,
            "blocks": len(m.blocks or ()),
            "processes": len(m.processes or ()) or 1,
            "interval": iv.method,
            "samples_rel_ci": raw.rel_ci,
            "floor_call": result.floor.call_overhead if result.floor else None,
            "warnings": list(m.warnings),
        },
    )
