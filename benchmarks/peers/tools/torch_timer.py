"""torch.utils.benchmark's ``Timer``: ``blocked_autorange()`` and ``adaptive_autorange()``.

Its Timer sets torch's threads to its ``num_threads`` (1) while it times and back after, and on
the reference machine that toggling left later torch calls in the same process 1.3-1.6x slower
(torch.sin on 1000 floats: 2.4 µs -> 3.6-4.3 µs, minimum of 9 repeats) when torch ran on more
threads than one. So it runs in a process of its own, one per kernel, driven over stdin
("blocked", "adaptive", "quit"), and never shares one with the other tools.
"""

from __future__ import annotations

from ..runs import Context, Run, Worker, summarize

WORKER = r"""
import json, sys, time
from torch.utils.benchmark import Timer
setup, stmt = sys.argv[1], sys.argv[2]
g = {"__name__": "torch_timer"}
exec(compile(setup, "<kernel>", "exec"), g)
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    op = line.strip()
    if op == "quit":
        break
    timer = Timer(stmt, globals=g)
    t0 = time.perf_counter()
    m = timer.blocked_autorange() if op == "blocked" else timer.adaptive_autorange()
    wall = time.perf_counter() - t0
    print(json.dumps({"times": list(m.times), "wall": wall, "median": m.median}), flush=True)
"""


def _run(ctx: Context, how: str) -> Run:
    worker = ctx.kept("torch_timer", lambda: Worker(ctx.k, WORKER))
    answer = worker.ask(how)
    return summarize(answer["times"], float(answer["wall"]), own_median=answer["median"])


def run_blocked(ctx: Context) -> Run:
    """``Timer.blocked_autorange()`` with its defaults (0.2 s)."""
    return _run(ctx, "blocked")


def run_adaptive(ctx: Context) -> Run:
    """``Timer.adaptive_autorange()`` with its defaults (IQR/median < 0.1, 0.01 s to 10 s)."""
    return _run(ctx, "adaptive")
