"""The canary: three fixed kernels read through every run, so the machine's speed is known.

A shared machine switches between speed states that last seconds to minutes (the same Python
loop reads 4.0 ms, then 7.4 ms). Inside one run the cases take turns, so a state falls on all of
them and cancels in their ratios; between two runs it does not, and a comparison of the runs
would call the machine's change the code's. The canary is what tells them apart: between units
of the run's work (a size group here, a request to a worker process), at most once per
:data:`EVERY_S` and within :data:`SHARE` of the run's time, the runner reads

    python   a Python loop of 1,000 additions            (the interpreter: calls, bytecode)
    copy     a copy of 2 MiB of float64                   (memory and cache bandwidth)
    gemm     a 64 x 64 float64 matrix product             (the cores' arithmetic, BLAS)

each as the median of :data:`SAMPLES` samples of about :data:`SAMPLE_S`, and stores the readings
with the run (``RunResult.extra["canary"]``). ``arraybench compare`` sets the two runs' canaries
side by side (:func:`arraybench.analysis.canary.speed_change`): a canary that moved says the
machine did, and the comparison is made after taking it out.

The canary runs in the runner's process, the cases in their own; the machine's state (frequency,
neighbours, memory traffic) is what they share. Its clock is the run's clock: with a fake clock
it reads nothing (:meth:`Canary.read` is a no-op when the clock models no cost).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .clock import Clock

#: The canary's record format inside ``RunResult.extra``; a reader that meets a newer one
#: ignores it (a comparison then goes on without the canary, and says so).
FORMAT = 1
KINDS = ("python", "copy", "gemm")
#: A reading is taken at most this often (seconds of the run's clock)...
EVERY_S = 0.5
#: ... and only while the canary's own time stays under this share of the run's.
SHARE = 0.02
#: Samples per kind per reading (their median is the reading) and a sample's length.
SAMPLES = 3
SAMPLE_S = 1e-3


#: Where a run keeps its canary record: ``RunResult.extra[CANARY_KEY]``.
CANARY_KEY = "canary"


def join(first: Any, then: Any) -> Any:
    """The records of two runs of one session as one: their readings in turn, the second's
    times after the first's last (a record this version cannot read is dropped)."""
    if not isinstance(first, Mapping) or first.get("format") != FORMAT:
        return then
    if not isinstance(then, Mapping) or then.get("format") != FORMAT:
        return first
    before = list(first.get("readings") or ())
    offset = float(before[-1][0]) if before else 0.0
    after = [[round(offset + float(t), 3), r] for t, r in then.get("readings") or ()]
    return {
        **first,
        "readings": before + after,
        "spent_s": float(first.get("spent_s", 0.0)) + float(then.get("spent_s", 0.0)),
    }


def _kernels() -> dict[str, Callable[[], object]]:
    import numpy as np

    def python() -> int:
        s = 0
        for i in range(1000):
            s += i
        return s

    src = np.arange(2 * 1024 * 1024 // 8, dtype=np.float64)
    dst = np.empty_like(src)
    a = np.linspace(0.0, 1.0, 64 * 64).reshape(64, 64)
    out = np.empty_like(a)

    def copy() -> None:
        np.copyto(dst, src)

    def gemm() -> None:
        np.matmul(a, a, out=out)

    return {"python": python, "copy": copy, "gemm": gemm}


@dataclass
class Canary:
    """Readings of the canary kernels over one run (see the module docstring).

    ``tick()`` between units of work takes a reading when one is due; ``to_dict()`` is what the
    run stores.
    """

    clock: Clock
    kernels: Mapping[str, Callable[[], object]] = field(default_factory=_kernels)
    readings: list[tuple[float, dict[str, float]]] = field(default_factory=list)
    spent_ns: int = 0
    _start_ns: int | None = None
    _last_ns: int | None = None
    _loops: dict[str, int] = field(default_factory=dict)
    _dead: bool = False

    def tick(self) -> None:
        """Read the canary if :data:`EVERY_S` passed since the last reading and its share of
        the run's time allows; the first call starts the run's time."""
        now = self.clock.now_ns()
        if self._start_ns is None:
            self._start_ns = now
        if self._dead:
            return
        if self._last_ns is not None and now - self._last_ns < EVERY_S * 1e9:
            return
        elapsed = now - self._start_ns
        if self.readings and self.spent_ns > SHARE * elapsed:
            return
        self.read()

    def read(self) -> None:
        """Take one reading of every kernel (seconds per call, median of the samples)."""
        t0 = self.clock.now_ns()
        start = self._start_ns if self._start_ns is not None else t0
        reading: dict[str, float] = {}
        for kind, fn in self.kernels.items():
            loops = self._loops.get(kind) or self._calibrate(fn)
            if loops == 0:  # the clock models no cost (a fake clock): nothing to read
                self._dead = True
                return
            self._loops[kind] = loops
            times = []
            for _ in range(SAMPLES):
                a = self.clock.now_ns()
                for _ in range(loops):
                    fn()
                times.append((self.clock.now_ns() - a) / 1e9 / loops)
            reading[kind] = statistics.median(times)
        t1 = self.clock.now_ns()
        self.readings.append(((t0 - start) / 1e9, reading))
        self.spent_ns += t1 - t0
        self._last_ns = t1

    def _calibrate(self, fn: Callable[[], object]) -> int:
        """Loops per sample so that a sample lasts about :data:`SAMPLE_S` (0: no cost seen)."""
        loops = 1
        while loops <= 1 << 20:
            a = self.clock.now_ns()
            for _ in range(loops):
                fn()
            took = (self.clock.now_ns() - a) / 1e9
            if took >= SAMPLE_S / 4:
                return max(1, round(loops * SAMPLE_S / took))
            loops *= 4
        return 0

    def to_dict(self) -> dict[str, Any]:
        """The record stored with the run: ``{"format", "kinds", "readings": [[t, {kind: s}]],
        "spent_s"}``."""
        return {
            "format": FORMAT,
            "kinds": list(self.kernels),
            "readings": [[round(t, 3), r] for t, r in self.readings],
            "spent_s": self.spent_ns / 1e9,
        }
