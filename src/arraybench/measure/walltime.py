"""Where a run's wall time goes: start-up, imports, compilation, first calls, inputs and checks,
measuring, each experiment's extras, reporting, shut-down (letting the workers go), and the rest.

Every process that takes part in a run keeps one :class:`WallTime` (:data:`WALL`). At every moment
the process is in exactly one part, the innermost :meth:`WallTime.part` block open (``other``
outside all of them), and the time is charged to that part, so the parts add up to the time that
passed. Imports are caught wherever they happen: while :func:`watching_imports` is on, the
outermost ``import`` statement of the main thread is its own part, and the part it interrupted
is charged only what is left.

    parent (arraybench run)                      worker process
    start-up: Python, arraybench, workers        (start-up, charged to the parent: it waits)
    waiting on a worker ------- request ------>  imports | compilation | first calls |
                                                 inputs and checks | measuring | other
                        <------ reply, with the worker's parts since its last reply
    the worker's parts moved out of the wait; what is left of it (the pipe, JSON) is other

Nothing here is estimated: each part is the sum of perf_counter differences at its edges. The
timing loop of a sample is never wrapped: the import hook is taken out while ``measuring``, so
an impl that imports inside its body (``import torch`` in the call) pays nothing for it.
"""

from __future__ import annotations

import builtins
import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..results import TIME_PARTS, TimeSplit

#: The parts, in the order they are shown. ``extras`` parts are named per experiment
#: (``extras loops``); ``other`` is the rest, so that the parts add up to the wall time.
(
    START_UP,
    IMPORTS,
    COMPILATION,
    FIRST_CALLS,
    CHECKS,
    MEASURING,
    EXTRAS,
    REPORTING,
    SHUT_DOWN,
    OTHER,
) = TIME_PARTS
#: The part a parent is in while a worker measures for it: the worker's own parts replace it
#: when its reply comes (:meth:`WallTime.absorb`); what is left is other.
WAITING = "waiting on a worker"


def extras(experiment: str) -> str:
    """The part of an experiment's extra measurements."""
    return f"{EXTRAS} {experiment}"


class WallTime:
    """The time a process spends, by part.

    Args:
        now: the clock, in seconds (time.perf_counter; tests pass a fake one).
    """

    def __init__(self, now: Callable[[], float] = time.perf_counter) -> None:
        self._now = now
        self._stack = [OTHER]
        self._since = now()
        self._spent: dict[str, float] = {}
        self._taken: dict[str, float] = {}
        self._waited = 0.0

    def _charge(self) -> None:
        t = self._now()
        part = self._stack[-1]
        self._spent[part] = self._spent.get(part, 0.0) + (t - self._since)
        self._since = t

    @contextlib.contextmanager
    def part(self, name: str) -> Iterator[None]:
        """Charge the time inside the block to ``name`` (nested blocks take theirs from it)."""
        self._charge()
        self._stack.append(name)
        try:
            yield
        finally:
            self._charge()
            self._stack.pop()

    @property
    def current(self) -> str:
        return self._stack[-1]

    def restart(self, base: str = OTHER, before: float = 0.0) -> None:
        """Forget what was charged, and charge from now to ``base`` outside any part;
        ``before``: seconds already spent in it (the process's age, for a command)."""
        self._stack = [base]
        self._since = self._now()
        self._spent = {base: before} if before > 0 else {}
        self._taken = {}

    def rebase(self, base: str) -> None:
        """Charge the time outside any part to ``base`` from now on (a command moving from
        starting up to measuring to reporting)."""
        self._charge()
        self._stack[0] = base

    def totals(self) -> dict[str, float]:
        """Seconds by part since this object was made (the time until now charged first)."""
        self._charge()
        return dict(self._spent)

    def add(self, part: str, seconds: float) -> None:
        """Charge ``seconds`` spent before this object was made (a process's start-up)."""
        self._spent[part] = self._spent.get(part, 0.0) + seconds

    @contextlib.contextmanager
    def waiting(self) -> Iterator[None]:
        """The block waits on another process (a worker measuring): :meth:`absorb` its parts."""
        start = self._now()
        try:
            with self.part(WAITING):
                yield
        finally:
            self._waited = self._now() - start

    def absorb(self, parts: Mapping[str, Any]) -> None:
        """Move the other process's ``parts`` (what it reported for a request) out of the last
        :meth:`waiting` block; they never take more than that wait lasted."""
        self._charge()
        reported = {k: float(v) for k, v in parts.items() if isinstance(v, int | float) and v > 0}
        total = sum(reported.values())
        moved = min(total, self._waited)
        for k, v in reported.items():
            self._spent[k] = self._spent.get(k, 0.0) + v * moved / total
        self._spent[WAITING] = self._spent.get(WAITING, 0.0) - moved
        self._waited = 0.0

    def take(self) -> dict[str, float]:
        """The seconds by part since the last call (what a worker reports with each reply)."""
        now = self.totals()
        delta = {k: v - self._taken.get(k, 0.0) for k, v in now.items()}
        self._taken = now
        return {k: v for k, v in delta.items() if v > 0}

    def split(
        self, since: Mapping[str, float], wall: float, compile_cache: str | None = None
    ) -> TimeSplit:
        """The parts spent since the totals ``since`` (an earlier :meth:`totals`), as a
        :class:`TimeSplit` of ``wall`` seconds: time waiting on a worker that the worker did not
        account for is other, and other is whatever the named parts leave of ``wall``."""
        now = self.totals()
        parts = {k: max(0.0, v - since.get(k, 0.0)) for k, v in now.items()}
        parts.pop(WAITING, None)
        parts.pop(OTHER, None)
        return TimeSplit.of(wall, parts, compile_cache)


#: This process's wall time (one per process: a worker's is reported to its parent).
WALL = WallTime()


def process_age() -> float | None:
    """Seconds since this process started (Linux: /proc), or None where that is not known.
    What Python's own start and the imports before arraybench's first line took."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            # The command name (field 2) may hold spaces: fields are counted after its ")".
            fields = f.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
    return max(0.0, uptime - started)


class _ImportWatch:
    """builtins.__import__ wrapped so that the main thread's outermost imports are a part."""

    def __init__(self, wall: WallTime) -> None:
        self.wall = wall
        self.original = builtins.__import__
        self.main = threading.get_ident()
        self.depth = 0
        self.paused = 0

    def __call__(
        self,
        name: str,
        globals: Mapping[str, Any] | None = None,
        locals: Mapping[str, Any] | None = None,
        fromlist: Any = (),
        level: int = 0,
    ) -> Any:
        if self.depth or threading.get_ident() != self.main:
            return self.original(name, globals, locals, fromlist, level)
        self.depth += 1
        try:
            with self.wall.part(IMPORTS):
                return self.original(name, globals, locals, fromlist, level)
        finally:
            self.depth -= 1


_watch: _ImportWatch | None = None


@contextlib.contextmanager
def watching_imports(wall: WallTime = WALL) -> Iterator[None]:
    """Charge the imports inside the block to ``imports`` (blocks may nest; the hook is put
    back as it was at the end)."""
    global _watch
    if _watch is not None:
        yield
        return
    watch = _ImportWatch(wall)
    _watch = watch
    builtins.__import__ = watch
    try:
        yield
    finally:
        if builtins.__import__ is watch:
            builtins.__import__ = watch.original
        _watch = None


@contextlib.contextmanager
def measuring(wall: WallTime = WALL) -> Iterator[None]:
    """The ``measuring`` part, with the import hook out of the way of the timing loop."""
    watch = _watch
    removed = watch is not None and builtins.__import__ is watch
    if removed:
        builtins.__import__ = watch.original  # type: ignore[union-attr]
    try:
        with wall.part(MEASURING):
            yield
    finally:
        if removed and _watch is watch:
            builtins.__import__ = watch  # type: ignore[assignment]
