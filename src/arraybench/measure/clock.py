"""Clocks the engine reads. The engine never calls ``time`` itself, so tests can model time.

:class:`FakeClock` is shipped for tests (arraybench's own and its users'): kernels advance it by
modelled costs, so calibration and stopping logic give the same answer on every run and machine.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """A monotonic clock in integer nanoseconds."""

    def now_ns(self) -> int: ...


class PerfCounterClock:
    """The real clock: :func:`time.perf_counter_ns`, monotonic and the finest Python offers."""

    def now_ns(self) -> int:
        return time.perf_counter_ns()

    def __repr__(self) -> str:
        return "PerfCounterClock()"


class FakeClock:
    """A clock that moves only when told to, plus a modelled cost for each read.

    Args:
        start_ns: the first reading.
        read_cost_ns: nanoseconds each reading adds, as a real clock read takes time.
    """

    def __init__(self, start_ns: int = 0, read_cost_ns: int = 0) -> None:
        self._t = int(start_ns)
        self.read_cost_ns = int(read_cost_ns)
        self.reads = 0

    def now_ns(self) -> int:
        self.reads += 1
        self._t += self.read_cost_ns
        return self._t

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds`` (what a modelled kernel calls)."""
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self._t += round(seconds * 1e9)

    def __repr__(self) -> str:
        return f"FakeClock(t={self._t} ns)"


def default_clock() -> Clock:
    return PerfCounterClock()
