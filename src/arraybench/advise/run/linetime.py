"""Per-line hit counts of the user's code, through line_profiler, and what its tracing costs.

line_profiler counts the lines of the functions it is given, and nothing else: it recognises
them by their bytecode, which it pads with no-ops so that a profiled function never shares its
bytecode with another. It expects function objects; the user's modules are handed to us as code
objects before they run (advise/run/launch.py), so each code object, the nested ones first (the
functions, classes, lambdas and comprehensions it defines), goes to ``add_function`` through a
holder whose ``__code__`` it rewrites, and the padded copies are put back in place of the
originals. Module-level code is timed too: scripts keep their loops there.

Every traced line costs a timer read and a table update, ~0.1-0.5 µs a hit, which is nothing
for a line that calls a library on a large array and 3-5x for a tight Python loop. So the cost
of a hit is measured before the run (:func:`calibrate`: the same small loop with and without
the profiler) and ``hits x cost`` is taken off the time sampled while it ran (advise/run/ledger.py).
The time by line comes from the sampler (advise/run/sampler.py). The bursts' own time of each
line is kept too: line_profiler clears its last-line records when it is switched off, so a line
never holds the time between two bursts, and it sees lines the sampler cannot tell apart (a
line made only of operators, whose signal is handled at the next line with a call); the ledger
splits a loop's sampled time among its lines by them (advise/run/ledger.py).
"""

from __future__ import annotations

import gc
import statistics
import time
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...base.errors import ConfigError

#: Iterations of the calibration loop (two traced lines each); repeats of it, median taken.
CALIBRATION_LOOPS = 20_000
CALIBRATION_REPEATS = 7


@dataclass(frozen=True)
class HitCost:
    """What one traced line costs, measured in this process.

    Attributes:
        wall_s: how much a hit adds to the program's wall time.
    """

    wall_s: float


@dataclass(frozen=True)
class LineTimes:
    """The lines of one code object.

    Attributes:
        path: its file.
        first: the line its ``def`` (or the module) starts on.
        name: its qualified name (``<module>``, ``train``, ``Net.forward``, ``<listcomp>``).
        lines: line number to its hits.
        times: line number to its seconds in the bursts (from its line event to the next one in
            the same frame: the line and all it calls, with the timer's own cost mostly out).
    """

    path: str
    first: int
    name: str
    lines: dict[int, int]
    times: dict[int, float] = field(default_factory=dict)


class _Holder:
    """What line_profiler takes for a function: anything with a writable ``__code__``."""

    def __init__(self, code: types.CodeType) -> None:
        self.__code__ = code
        self.__name__ = code.co_name


def _profiler_class() -> Any:
    try:
        from line_profiler import LineProfiler
    except ImportError:
        raise ConfigError(
            "arraybench profile needs line_profiler: pip install line_profiler "
            "(or pip install 'arraybench[all]')"
        ) from None
    return LineProfiler


@dataclass
class LineTimer:
    """Times the lines of the code objects given to :meth:`instrument`."""

    profiler: Any = field(default_factory=lambda: _profiler_class()())  # noqa: PLW0108
    codes: int = 0
    #: the bytecode's hash of each code object given (line_profiler's key of a frame's record)
    #: to its label (``(path, first line, qualified name)``, as get_stats names it)
    blocks: dict[int, tuple[str, int, str]] = field(default_factory=dict)
    #: seconds of the lines being timed when a burst ended, by label and line (see
    #: :meth:`disable`)
    edges: dict[tuple[str, int, str], dict[int, float]] = field(default_factory=dict)

    def instrument(self, code: types.CodeType) -> types.CodeType:
        """The code object to run in place of ``code``: padded, with its nested code objects
        padded too, all registered with the profiler."""
        consts = tuple(
            self.instrument(c) if isinstance(c, types.CodeType) else c for c in code.co_consts
        )
        if consts != code.co_consts:
            code = code.replace(co_consts=consts)
        holder = _Holder(code)
        self.profiler.add_function(holder)
        self.codes += 1
        padded: types.CodeType = holder.__code__
        self.blocks[hash(padded.co_code)] = (
            padded.co_filename,
            padded.co_firstlineno,
            padded.co_qualname,
        )
        return padded

    def enable(self) -> None:
        self.profiler.enable_by_count()

    def disable(self, now_ns: int | None = None) -> None:
        """Switch the timer off. line_profiler forgets the lines being timed (one per frame of
        the user's code on the stack), whose runs then count for nothing: a line longer than a
        burst never had its time, and the loop's split could not see it (blind99's rack
        cooling: two lines reading a 15 ms property, 0 of 109 bursts). With ``now_ns`` (this
        moment on line_profiler's clock, CLOCK_MONOTONIC) each of them keeps its time so far:
        the bursts' times are then each line's time inside them, as a sample of the run's
        time would be."""
        if now_ns is not None:
            self._keep_in_flight(now_ns)
        self.profiler.disable_by_count()

    def _keep_in_flight(self, now_ns: int) -> None:
        try:
            records = self.profiler.c_last_time
        except (AttributeError, KeyError):
            return  # (another line_profiler, or nothing timed yet on this thread)
        for block, record in records.items():
            key = self.blocks.get(block)
            if key is None:
                continue
            line = record.get("f_lineno")
            started = record.get("time")
            if not isinstance(line, int) or not isinstance(started, int) or now_ns <= started:
                continue
            at = self.edges.setdefault(key, {})
            at[line] = at.get(line, 0.0) + (now_ns - started) * 1e-9

    def stats(self) -> list[LineTimes]:
        """Every code object that ran and its lines' hits."""
        out = []
        stats = self.profiler.get_stats()
        clean = _clears_on_disable()
        for (path, first, name), entries in stats.timings.items():
            lines = {line: hits for line, hits, _ in entries if hits}
            times = {line: t * stats.unit for line, hits, t in entries if hits and clean}
            for line, t in self.edges.get((path, first, name), {}).items():
                if clean and lines:
                    times[line] = times.get(line, 0.0) + t
            if lines:
                out.append(LineTimes(path, first, name, lines, times))
        return out


def _clears_on_disable() -> bool:
    """Whether this line_profiler forgets the line being timed when it is switched off (5.x
    does, checked on 5.1): an older one may charge a line the time between two bursts, and its
    times are not kept."""
    try:
        from line_profiler import __version__
    except ImportError:
        return False
    major = __version__.split(".")[0]
    return major.isdigit() and int(major) >= 5


def _calibration_loop(n: int) -> float:
    # a line that reads and writes an array element, as the element loops that matter most do
    # (a bare ``s += i`` loop measured ~20% less per hit)
    out = _CAL_OUT
    for i in range(n):
        out[i % 64] = out[i % 64] + 1.0
    return float(out[0])


try:
    import numpy as _np

    _CAL_OUT: Any = _np.zeros(64)
except ImportError:  # pragma: no cover - numpy is a dependency
    _CAL_OUT = [0.0] * 64


def calibrate(repeats: int = CALIBRATION_REPEATS, n: int = CALIBRATION_LOOPS) -> HitCost:
    """Measure what a traced line costs here: the calibration loop plain and profiled, in turns.

    Two lines run per iteration (the ``for`` and its body); the plain loop's time is what those
    lines cost without the profiler, so the difference over the hits is the profiler's share.
    """
    cls = _profiler_class()
    holder = _Holder(_calibration_loop.__code__)
    prof = cls()
    prof.add_function(holder)
    fn: Callable[[int], float] = types.FunctionType(holder.__code__, globals())
    plain, wall = [], []
    gc_was = gc.isenabled()
    gc.disable()
    try:
        _calibration_loop(n)
        for _ in range(repeats):
            t0 = time.perf_counter()
            _calibration_loop(n)
            plain.append(time.perf_counter() - t0)
            prof.enable_by_count()
            t0 = time.perf_counter()
            fn(n)
            t1 = time.perf_counter()
            prof.disable_by_count()
            wall.append(t1 - t0)
    finally:
        if gc_was:
            gc.enable()
    hits = 2 * n + 1
    base = statistics.median(plain)
    return HitCost(wall_s=max(0.0, (statistics.median(wall) - base) / hits))
