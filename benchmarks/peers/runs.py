"""What every tool's run gives (:class:`Run`), what the tools share for one kernel
(:class:`Context`), and the fresh processes some of them time in (:class:`Worker`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .._worker import LineWorker
from . import engine
from .kernels import Kernel, namespace, setup_source, statement

ARRAYBENCH = "arraybench"
#: arraybench with the command line's fresh worker processes (engine.DEFAULT_PROCESSES).
ARRAYBENCH_PROCESSES = "arraybench --processes"
TIMEIT = "timeit"
BLOCKED = "blocked_autorange"
ADAPTIVE = "adaptive_autorange"
PYTEST = "pytest-benchmark"
PYPERF = "pyperf"
PYPERF_FAST = "pyperf --fast"
REFERENCE = "reference"
#: arraybench's two ways of measuring, each set against the peers.
OURS = (ARRAYBENCH, ARRAYBENCH_PROCESSES)
#: Tools that run once per round, in this order rotated by one each round.
ROUND_TOOLS = (*OURS, TIMEIT, BLOCKED, ADAPTIVE, PYTEST, REFERENCE)
PEERS = (TIMEIT, BLOCKED, ADAPTIVE, PYTEST, PYPERF, PYPERF_FAST)
TOOLS = (*OURS, *PEERS)


@dataclass(frozen=True)
class Run:
    """One run of one tool on one kernel.

    Attributes:
        median: the median of the run's per-call times, seconds.
        rel_ci: the half-width of its 95% interval, relative to the median: the interval
            arraybench states, and for a peer the order-statistics interval of its raw samples.
        level: the confidence the interval reaches (below 95% with too few units).
        samples: how many raw samples (per-call times) the run gave.
        wall: seconds the run took, from start to its result.
        extra: anything else worth keeping (arraybench's floor, the tool's own figure).
        low: the interval's lower bound, seconds (data saved before bounds were kept: taken as
            ``median * (1 - rel_ci)``).
        high: its upper bound.
    """

    median: float
    rel_ci: float
    level: float
    samples: int
    wall: float
    extra: dict[str, Any]
    low: float | None = None
    high: float | None = None

    def __post_init__(self) -> None:
        if self.low is None:
            object.__setattr__(self, "low", self.median * (1 - self.rel_ci))
        if self.high is None:
            object.__setattr__(self, "high", self.median * (1 + self.rel_ci))

    def holds(self, x: float) -> bool:
        """``x`` (another run's median) lies inside this run's interval."""
        assert self.low is not None and self.high is not None
        return self.low <= x <= self.high

    def to_dict(self) -> dict[str, Any]:
        """The run as JSON-ready data."""
        return {
            "median": self.median,
            "rel_ci": self.rel_ci,
            "level": self.level,
            "samples": self.samples,
            "wall": self.wall,
            "extra": self.extra,
            "low": self.low,
            "high": self.high,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Run:
        """A run from :meth:`to_dict`'s data (bounds optional: version 1 kept none)."""
        low, high = d.get("low"), d.get("high")
        return cls(
            float(d["median"]), float(d["rel_ci"]), float(d["level"]), int(d["samples"]),
            float(d["wall"]), dict(d.get("extra", {})),
            None if low is None else float(low), None if high is None else float(high),
        )  # fmt: skip


def summarize(times: Sequence[float], wall: float, **extra: Any) -> Run:
    """A :class:`Run` from raw per-call times, with the order-statistics interval of their median.

    Args:
        times: per-call seconds, one per sample (block, repeat, value, round).
        wall: seconds the run took.
        **extra: kept as they are.

    Returns:
        The run.
    """
    lo, hi, level = engine.median_interval(times)
    med = engine.median(times)
    rel = max(med - lo, hi - med) / med if med > 0 else float("inf")
    return Run(med, rel, level, len(times), wall, dict(extra), lo, hi)


T = TypeVar("T")


class Context:
    """What the tools share for one kernel: its namespace here, a scratch folder, and whatever
    a tool keeps from one round to the next (a worker process, a workload)."""

    def __init__(self, k: Kernel, scratch: Path, rounds: int, pass_env: Sequence[str] = ()) -> None:
        """Build the kernel in this process.

        Args:
            k: the kernel.
            scratch: a folder for generated scripts and their outputs.
            rounds: how many rounds the kernel is measured in.
            pass_env: environment variables that every process the tools start must see
                (the thread counts).
        """
        self.k = k
        self.ns = namespace(k)
        self.scratch = scratch
        self.rounds = rounds
        self.pass_env = tuple(pass_env)
        self.counter = 0
        self._kept: dict[str, Any] = {}

    def path(self, stem: str, suffix: str) -> Path:
        """A new file name in the scratch folder (pyperf refuses to overwrite its output)."""
        self.counter += 1
        return self.scratch / f"{self.k.name}_{stem}_{self.counter}{suffix}"

    def kept(self, key: str, make: Callable[[], T]) -> T:
        """The object kept under ``key``, made by ``make`` on first use; one with a ``close``
        method is closed by :meth:`close`."""
        if key not in self._kept:
            self._kept[key] = make()
        value: T = self._kept[key]
        return value

    def close(self) -> None:
        """Close what the tools kept (worker processes), the last made first."""
        for value in reversed(list(self._kept.values())):
            close = getattr(value, "close", None)
            if close is not None:
                close()
        self._kept.clear()


class Worker(LineWorker):
    """A fresh Python process running ``code`` with a kernel's setup, answering JSON lines."""

    def __init__(self, k: Kernel, code: str, *args: str) -> None:
        """Start the process and wait until it has built the kernel.

        Args:
            k: the kernel.
            code: the process's program (``python -c``); its arguments are the setup source,
                the statement and ``args``; it prints one JSON line when ready and one per
                command it reads from stdin, and stops at ``quit``.
            *args: more arguments after the setup source and the statement.
        """
        argv = [sys.executable, "-c", code, setup_source(k), statement(k), *args]
        super().__init__(argv, f"a worker process of {k.name}")
        self.ask(None)
