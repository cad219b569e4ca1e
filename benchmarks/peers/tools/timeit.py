"""timeit as ``python -m timeit`` uses it: ``autorange()``, then ``repeat(5, number)``."""

from __future__ import annotations

import time
import timeit

from ..kernels import statement
from ..runs import Context, Run, summarize

#: timeit's command line repeats 5 times after autorange.
REPEAT = 5


def run(ctx: Context) -> Run:
    """What ``python -m timeit`` does: autorange, then 5 repeats (it prints the best).

    In this process, on the kernel built here: timeit turns gc off while it times, as
    arraybench does.
    """
    t = timeit.Timer(statement(ctx.k), globals=ctx.ns)
    t0 = time.perf_counter()
    number, _ = t.autorange()
    raw = t.repeat(REPEAT, number)
    wall = time.perf_counter() - t0
    times = [x / number for x in raw]
    return summarize(times, wall, number=number, best=min(times))


def pass_cost() -> float:
    """timeit's own cost per loop: the time it reports for ``pass`` (best of 5, autorange).

    Returns:
        Seconds per loop.
    """
    t = timeit.Timer("pass")
    number, _ = t.autorange()
    return min(t.repeat(REPEAT, number)) / number
