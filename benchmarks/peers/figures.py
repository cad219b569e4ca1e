"""The figures of each tool on each kernel, from its runs: agreement, time, interval, coverage,
repeatability."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import engine
from .runs import OURS, Run

#: The precision a run should reach: arraybench's target, a 95% interval within ±5% of the
#: median (engine.DEFAULT_TARGET); judged for every tool on the interval it gives.
TARGET = engine.DEFAULT_TARGET


def fmt_time(s: float | None) -> str:
    """Seconds as ``123 ns``, ``4.56 µs``, ``7.89 ms`` or ``1.23 s`` (3 significant digits).

    Args:
        s: seconds, or None.

    Returns:
        The text ("—" for None or NaN).
    """
    if s is None or not math.isfinite(s):
        return "—"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if abs(s) >= scale or unit == "ns":
            v = s / scale
            return f"{v:.3g} {unit}" if v < 100 else f"{v:.0f} {unit}"
    return f"{s:g} s"


def pct(x: float, signed: bool = True) -> str:
    """A fraction as a percentage with one decimal (``+1.2%``)."""
    return f"{x:+.1%}" if signed else f"{x:.1%}"


@dataclass(frozen=True)
class ToolFigures:
    """One tool's figures on one kernel, from its runs.

    Attributes:
        median: the median of its runs' medians.
        error: ``median / reference - 1``.
        worst: the largest ``|run median / reference - 1|`` of its runs.
        wall: the median wall time of one run.
        rel_ci: the median half-width of its runs' intervals.
        converged: how many of its runs' intervals reached ±TARGET (at 95%).
        runs: how many runs.
        spread: (max - min) / median of its runs' medians (None with one run).
        held: over every pair of its runs (i, j), i != j, how many times run i's interval holds
            run j's median.
        pairs: how many such pairs (0 with one run).
    """

    median: float
    error: float
    worst: float
    wall: float
    rel_ci: float
    converged: int
    runs: int
    spread: float | None
    held: int
    pairs: int

    @property
    def coverage(self) -> float | None:
        """The share of pairs held (None without pairs)."""
        return self.held / self.pairs if self.pairs else None


def tool_figures(runs: Sequence[dict[str, Any]], ref: float) -> ToolFigures:
    """The figures of one tool on one kernel.

    Args:
        runs: its runs (:meth:`Run.to_dict` data).
        ref: the reference median, seconds.

    Returns:
        The figures.
    """
    rs = [Run.from_dict(r) for r in runs]
    meds = [r.median for r in rs]
    med = statistics.median(meds)
    ok = sum(1 for r in rs if r.rel_ci <= TARGET and r.level >= 0.95)
    pairs = [(a, b) for i, a in enumerate(rs) for j, b in enumerate(rs) if i != j]
    return ToolFigures(
        median=med,
        error=med / ref - 1.0,
        worst=max(abs(m / ref - 1.0) for m in meds),
        wall=statistics.median(r.wall for r in rs),
        rel_ci=statistics.median(r.rel_ci for r in rs),
        converged=ok,
        runs=len(rs),
        spread=(max(meds) - min(meds)) / med if len(meds) > 1 else None,
        held=sum(1 for a, b in pairs if a.holds(b.median)),
        pairs=len(pairs),
    )


def figures(data: dict[str, Any]) -> dict[str, dict[str, ToolFigures]]:
    """Every tool's figures on every kernel.

    Args:
        data: what :func:`~.measure.measure_all` returned.

    Returns:
        ``{kernel: {tool: figures}}``.
    """
    out: dict[str, dict[str, ToolFigures]] = {}
    for name, d in data["kernels"].items():
        ref = float(d["reference"]["median"])
        out[name] = {t: tool_figures(rs, ref) for t, rs in d["runs"].items()}
    return out


def best(
    figs: dict[str, ToolFigures], key: Callable[[ToolFigures], float | None]
) -> tuple[str, float] | None:
    """The peer with the lowest ``key`` (None values skipped), and that value."""
    vals = [(t, v) for t, f in figs.items() if t not in OURS for v in [key(f)] if v is not None]
    if not vals:
        return None
    return min(vals, key=lambda tv: tv[1])
