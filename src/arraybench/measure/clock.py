"""Clocks the engine reads. The engine never calls ``time`` itself, so tests can model time.

:class:`FakeClock` is shipped for tests (arraybench's own and its users'): kernels advance it by
modelled costs, so calibration and stopping logic give the same answer on every run and machine.
Given a :class:`TwoStateMachine`, the modelled costs stretch during slow spells, as on a shared
machine whose speed switches between states for seconds at a time.
"""

from __future__ import annotations

import bisect
import random
import time

try:
    import resource
except ImportError:  # not on Windows: preemptions are not counted there
    resource = None  # type: ignore[assignment]
from typing import Protocol


class Clock(Protocol):
    """A monotonic clock in integer nanoseconds."""

    def now_ns(self) -> int: ...


#: Linux counts each thread's involuntary context switches; other systems do not (None).
_RUSAGE_THREAD: int | None = getattr(resource, "RUSAGE_THREAD", None)


def _thread_switches() -> int | None:
    """Times the scheduler has stopped this thread for another (Linux's involuntary context
    switches of the calling thread), or None where the system does not count them per thread."""
    if _RUSAGE_THREAD is None:
        return None
    return int(resource.getrusage(_RUSAGE_THREAD).ru_nivcsw)


class PerfCounterClock:
    """The real clock: :func:`time.perf_counter_ns`, monotonic and the finest Python offers."""

    def now_ns(self) -> int:
        return time.perf_counter_ns()

    def preemptions(self) -> int | None:
        """How many times the scheduler has stopped the calling thread for another process
        (None: not counted here). A sample during which this grew, and which lasted longer
        than the thread ran (:meth:`thread_ns`), holds another process's time: the timer takes
        it again (see timer.Sampler.step)."""
        return _thread_switches()

    def thread_ns(self) -> int:
        """The CPU time of the calling thread."""
        return time.thread_time_ns()

    def __repr__(self) -> str:
        return "PerfCounterClock()"


class TwoStateMachine:
    """A machine that is fast, then slow, then fast again, each spell lasting a random while.

    Shared machines (laptops, VMs, CI runners) switch between speed states that last seconds: the
    same loop reads 4.0 ms in one and 7.4 ms in the other. This models it for a fake clock: work
    done during a slow spell takes ``slow`` times as long.

    Args:
        slow: how many times longer work takes in a slow spell (1.85: 4.0 ms becomes 7.4 ms).
        fast_s: mean length of a fast spell, in seconds (exponentially distributed).
        slow_s: mean length of a slow spell, in seconds.
        seed: the spells' seed: the same seed gives the same spells; None: every spell lasts
            exactly its mean (a regular machine, for tests that want no chance at all).
        start_slow: begin in a slow spell.
    """

    def __init__(
        self,
        slow: float = 1.85,
        fast_s: float = 0.2,
        slow_s: float = 0.2,
        seed: int | None = 0,
        start_slow: bool = False,
    ) -> None:
        if slow < 1 or fast_s <= 0 or slow_s <= 0:
            raise ValueError("slow must be >= 1 and the spells' mean lengths above 0")
        self.slow, self.fast_s, self.slow_s = slow, fast_s, slow_s
        self._rng = random.Random(seed) if seed is not None else None
        self._start_slow = start_slow
        self._ends: list[int] = []  # ns at which each spell ends, spell i slow iff i%2 != start

    def factor_at(self, t_ns: int) -> float:
        """How many times longer work takes at time ``t_ns``."""
        while not self._ends or self._ends[-1] <= t_ns:
            i = len(self._ends)
            slow = (i % 2 == 0) == self._start_slow
            mean = self.slow_s if slow else self.fast_s
            start = self._ends[-1] if self._ends else 0
            length = self._rng.expovariate(1 / mean) if self._rng is not None else mean
            self._ends.append(start + max(1, round(length * 1e9)))
        i = bisect.bisect_right(self._ends, t_ns)
        return self.slow if (i % 2 == 0) == self._start_slow else 1.0

    def is_slow(self, t_ns: int) -> bool:
        return self.factor_at(t_ns) > 1.0


class FakeClock:
    """A clock that moves only when told to, plus a modelled cost for each read.

    Args:
        start_ns: the first reading.
        read_cost_ns: nanoseconds each reading adds, as a real clock read takes time.
        machine: a model of the machine's speed over time (:class:`TwoStateMachine`): work
            advanced during a slow spell takes its ``slow`` factor longer. None: a steady machine.
    """

    def __init__(
        self, start_ns: int = 0, read_cost_ns: int = 0, machine: TwoStateMachine | None = None
    ) -> None:
        self._t = int(start_ns)
        self.read_cost_ns = int(read_cost_ns)
        self.machine = machine
        self.reads = 0
        #: the modelled preemptions so far, and the time they took (see :meth:`preempt`)
        self.preempted = 0
        self.waited_ns = 0

    def now_ns(self) -> int:
        self.reads += 1
        self._t += self.read_cost_ns
        return self._t

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds`` of work (what a modelled kernel calls), stretched by
        the machine's slow spells when it has them."""
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        factor = self.machine.factor_at(self._t) if self.machine is not None else 1.0
        self._t += round(seconds * factor * 1e9)

    def preempt(self, seconds: float) -> None:
        """Model the scheduler stopping the thread for ``seconds`` while another process runs:
        the clock moves on and :meth:`preemptions` counts one more."""
        self.preempted += 1
        self.waited_ns += round(seconds * 1e9)
        self._t += round(seconds * 1e9)

    def wait(self, seconds: float) -> None:
        """Model the thread waiting ``seconds`` off the CPU for a device or I/O (no preemption):
        the clock moves on, the thread's CPU time does not."""
        self.waited_ns += round(seconds * 1e9)
        self._t += round(seconds * 1e9)

    def preemptions(self) -> int:
        return self.preempted

    def thread_ns(self) -> int:
        """The time the modelled thread ran: the clock less the preemptions' waits."""
        return self._t - self.waited_ns

    @property
    def time_ns(self) -> int:
        """The current time, without the cost of a read (what the modelled machine sees)."""
        return self._t

    def __repr__(self) -> str:
        return f"FakeClock(t={self._t} ns)"


def default_clock() -> Clock:
    return PerfCounterClock()
