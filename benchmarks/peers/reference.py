"""The reference each tool is judged against: timeit in a fresh process that imports nothing of
arraybench, in long repeats spread over the whole time the kernel is measured."""

from __future__ import annotations

import time

from .kernels import Kernel
from .runs import Worker

#: A reference repeat lasts at least this long (timeit's autorange rule with 50 ms instead of its
#: 0.2 s): far above the clock's resolution and timeit's ~5 ns per-loop cost.
MIN_TIME_S = 0.05
#: Repeats taken in each round; 7 x 5 rounds = 35 repeats per kernel, spread over the whole
#: time the kernel is measured.
REPEATS_PER_ROUND = 7

#: The reference's process: fresh, nothing of arraybench imported; timeit (gc off), loops by
#: timeit's autorange rule until a repeat lasts MIN_TIME_S; driven over stdin ("calibrate",
#: "repeat K", "quit"), one JSON line per answer.
WORKER = r"""
import json, sys, timeit
setup, stmt, min_time = sys.argv[1], sys.argv[2], float(sys.argv[3])
g = {"__name__": "reference"}
exec(compile(setup, "<kernel>", "exec"), g)
timer = timeit.Timer(stmt, globals=g)
number = None
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    op, _, arg = line.strip().partition(" ")
    if op == "quit":
        break
    if op == "calibrate":
        i = 1
        while number is None:
            for j in (1, 2, 5):
                if timer.timeit(i * j) >= min_time:
                    number = i * j
                    break
            i *= 10
        print(json.dumps(number), flush=True)
    elif op == "repeat":
        print(json.dumps([t / number for t in timer.repeat(int(arg), number)]), flush=True)
"""


class Reference:
    """A kernel's reference: timeit in its own fresh process, a few repeats per round."""

    def __init__(self, k: Kernel) -> None:
        """Start the process (imports and the kernel's first call included) and calibrate.

        Args:
            k: the kernel.
        """
        self.worker = Worker(k, WORKER, str(MIN_TIME_S))
        self.number = int(self.worker.ask("calibrate"))
        self.times: list[float] = []

    def repeat(self, count: int) -> float:
        """Take ``count`` more repeats.

        Args:
            count: how many.

        Returns:
            The seconds they took.
        """
        t0 = time.perf_counter()
        self.times += [float(t) for t in self.worker.ask(f"repeat {count}")]
        return time.perf_counter() - t0

    def close(self) -> None:
        """End the process."""
        self.worker.close()
