"""Each case of two runs read against the run's other cases: did it move more than they did?

A case's own ratio across two runs (analysis/compare.py, "absolute") must hold whatever the
machine did between them, so its interval counts each run's whole run-to-run variance and is
wide: on the 2-core machine it could not see a 10% slowdown, and saw a 25% one in 4 pairs of
5. But the machine's state moves every case of a run together; a change to one case's code
moves that case alone. Reading each case's move against the other cases' common move takes
the machine out and keeps the code's change (benchmarks/compare_power.py, docs/method.md):

    adjusted   within each run, a case's block of round r over the round's speed index: the
               median over the other cases of that round (the cases measured side by side,
               one workload and size) of their block(r) / their median; per process, the
               median over its rounds of log(block / index): one figure per process
    move d     mean of B's per-process figures - mean of A's; its own variance
               v = var_A / n_A + var_B / n_B with Welch's degrees of freedom
    common F   over the OTHER cases j: the plain median of their d (a weighted median would land
               on the most precise case, which may be the changed one); the extra spread tau
               between cases beyond their own variances by a robust Paule-Mandel rule (the
               smallest tau with median((d_j - F)^2 / (v_j + tau^2)) <= the median of chi^2 with
               one degree of freedom); var_F = (pi / 2) mean(v_j + tau^2) / m, the variance of
               a median of m
    interval   exp(d - F +- t(df) sqrt(v + tau^2 + var_F)): the case's move relative to the run
    verdict    slower (faster) when the interval lies above (below) the no-change band for BOTH
               readings of F: from all the other cases, and from the others measured side by
               side with it (memory-bound cases of one size can move together while the rest
               do not: read against all the others alone, they made 3 false alarms in 80 in one
               noisy set of runs); else cannot tell. It never says "no change": a change that
               touched every case alike moves none of them relative to the others.

Guards: a case is read only when it was measured in at least :data:`MIN_PROCESSES` processes in
both runs (with rounds: results from before blocks and processes have none), with at least
:data:`MIN_OTHERS` other such cases, :data:`MIN_SIDE_BY_SIDE` of them side by side with it, and
when the other cases moved together: at least :data:`MOVED_TOGETHER` of them within the band of
their common move (their own reading against it reaching into the band, and their own ratio not
already slower or faster). A change that touched most cases would make the untouched ones look
changed (relative to the touched majority), and the scattered moves of the others say so. What
no guard can see: a change that touched all the cases but one or two, by the same factor, looks
the same as those one or two changing the other way; their own ratio decides where it can, and
the common move compare states says how far the rest moved. Cases measured on different
machines are never read this way (the machines' differences are not common to the cases). Where
the reading is off, compare says why, and the case keeps its own ratio's verdict.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Generic, TypeVar

import numpy as np

from ..base import stats
from ..measurement import Measurement

K = TypeVar("K", bound=Hashable)

#: Processes a case needs in each run: the per-process figures are the units, and with three
#: Welch's degrees of freedom stay at 2 or more (two processes give one, and no variance to
#: trust).
MIN_PROCESSES = 3
#: Other cases a case is read against, at least: the common move is their median, and its
#: spread between cases (tau) comes from them.
MIN_OTHERS = 4
#: Other cases measured side by side with it (the same rounds), at least: the second reading.
MIN_SIDE_BY_SIDE = 2
#: Share of the other cases whose own move must lie within the band of their common move: below
#: it the cases did not move together and a common move means nothing (3 of 4 lets one other
#: case in four be changed too, or noisy).
MOVED_TOGETHER = 0.75
#: Median of chi-square with one degree of freedom: the Paule-Mandel rule's target.
CHI2_1_MEDIAN = NormalDist().inv_cdf(0.75) ** 2
#: Bisection steps for tau (on [0, TAU_MAX]): 1e-9, far below a percent of a percent.
_TAU_STEPS = 30
#: The largest spread between cases considered, in log units (a factor of e).
TAU_MAX = 1.0

#: Why a case has no relative reading (the keys compare's header counts).
OFF_UNITS = f"measured in fewer than {MIN_PROCESSES} processes (or without rounds) in a run"
OFF_FEW = f"fewer than {MIN_OTHERS} other cases to read it against"
OFF_SIDE = f"fewer than {MIN_SIDE_BY_SIDE} other cases measured side by side with it"
OFF_SCATTER = "the other cases did not move together"
OFF_MACHINES = "the cases were measured on different machines"


@dataclass(frozen=True)
class Move:
    """A case's move between two runs, from its per-process adjusted log figures.

    Attributes:
        d: mean of B's figures - mean of A's (log of B's time over A's, machine state of each
            round taken out).
        var: its own variance, var_A / n_A + var_B / n_B.
        df: Welch's degrees of freedom.
    """

    d: float
    var: float
    df: float


@dataclass(frozen=True)
class Common:
    """The common move of a set of cases: F, the spread between them tau, var_F."""

    f: float
    tau: float
    var_f: float
    cases: int


@dataclass(frozen=True)
class Reading:
    """A case's move against one common move.

    Attributes:
        others: the cases the common move was read from.
        common: exp(F), their common move (1.03: they ran 3% slower in B).
        ratio: exp(d - F), the case's move relative to theirs.
        low: the ratio's interval, low end.
        high: its high end.
        tau: the spread between those cases beyond their own variances (log units).
    """

    others: int
    common: float
    ratio: float
    low: float
    high: float
    tau: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "others": self.others,
            "common_move": self.common,
            "ratio": self.ratio,
            "ratio_ci": [self.low, self.high],
            "tau": self.tau,
        }


@dataclass(frozen=True)
class Relative:
    """A case's move relative to the other cases of its run (the module docstring).

    Attributes:
        all_others: read against every other case.
        side_by_side: read against the others measured side by side with it (its rounds).
        verdict: ``slower`` or ``faster`` when both readings lie beyond the band on that side,
            else ``cannot tell`` (never ``no change``).
    """

    all_others: Reading
    side_by_side: Reading
    verdict: str

    @property
    def ratio(self) -> float:
        """The move against every other case."""
        return self.all_others.ratio

    @property
    def ci(self) -> tuple[float, float]:
        """The two readings' intervals together: the lower low and the higher high."""
        return (
            min(self.all_others.low, self.side_by_side.low),
            max(self.all_others.high, self.side_by_side.high),
        )

    def slower_beyond(self, threshold: float) -> bool:
        """Both readings' whole intervals above ``1 + threshold``."""
        return self.ci[0] > 1.0 + threshold

    def to_dict(self) -> dict[str, Any]:
        return {
            "ratio": self.ratio,
            "ratio_ci": list(self.ci),
            "verdict": self.verdict,
            "all_others": self.all_others.to_dict(),
            "side_by_side": self.side_by_side.to_dict(),
        }


@dataclass(frozen=True)
class RunReading(Generic[K]):
    """The relative readings of a comparison's cases.

    Attributes:
        cases: each case read, by key.
        off: each case left unread, by key: why (an ``OFF_*`` reason).
        common: exp(median of every read case's move): how the run's cases moved together;
            None when fewer than two cases could be read at all.
    """

    cases: Mapping[K, Relative]
    off: Mapping[K, str]
    common: float | None

    def reasons(self) -> dict[str, int]:
        """How many cases each reason left unread, most first."""
        return reason_counts(self.off.values())


def reason_counts(reasons: Iterable[str]) -> dict[str, int]:
    """How many cases each reason left unread, most first (the relative reading's, and the
    control reading's in analysis/control.py)."""
    counts: dict[str, int] = {}
    for why in reasons:
        counts[why] = counts.get(why, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


# -- within one run -------------------------------------------------------------------------------


def adjusted_logs(cases: Mapping[K, Measurement]) -> dict[K, list[float]]:
    """Per case, one figure per process: the median over its rounds in that process of
    ``log(block / index)``, the index being the round's speed (the median over the other cases
    of the round of their block / their median; 1 where fewer than two others shared it).

    Cases without rounds, or with a block median of 0, are left out.
    """
    level: dict[int, list[tuple[K, float]]] = {}
    for key, m in cases.items():
        if not m.by_round or not m.median > 0:
            continue
        for r, v in m.by_round.items():
            level.setdefault(r, []).append((key, v / m.median))
    out: dict[K, list[float]] = {}
    for key, m in cases.items():
        if not m.by_round or not m.median > 0 or any(not v > 0 for v in m.by_round.values()):
            continue
        owner = m.round_process
        per: dict[int, list[float]] = {}
        for r, v in m.by_round.items():
            others = [x for k, x in level.get(r, ()) if k != key]
            index = stats.median(others) if len(others) >= 2 else 1.0
            per.setdefault(owner[r], []).append(math.log(v / index) if index > 0 else math.log(v))
        out[key] = [stats.median(v) for _, v in sorted(per.items())]
    return out


# -- across runs ----------------------------------------------------------------------------------


def move(a: Sequence[float], b: Sequence[float]) -> Move:
    """The move from ``a``'s figures to ``b``'s (at least two each): the difference of means,
    its variance and Welch's degrees of freedom."""
    na, nb = len(a), len(b)
    ma, mb = sum(a) / na, sum(b) / nb
    va = sum((x - ma) ** 2 for x in a) / (na - 1) / na
    vb = sum((x - mb) ** 2 for x in b) / (nb - 1) / nb
    den = va**2 / (na - 1) + vb**2 / (nb - 1)
    df = (va + vb) ** 2 / den if den > 0 else float(na + nb - 2)
    return Move(mb - ma, va + vb, df)


def common_move(moves: Sequence[Move]) -> Common:
    """The common move F of ``moves`` (at least one), the spread tau between them and var_F
    (the module docstring)."""
    f, tau, var_f = _common(np.array([m.d for m in moves]), np.array([m.var for m in moves]))
    return Common(f, tau, var_f, len(moves))


def _common(ds: np.ndarray, vs: np.ndarray) -> tuple[float, float, float]:
    """F, tau and var_F of moves ``ds`` with variances ``vs`` (arrays: a comparison of a few
    hundred cases computes this once per case)."""
    f = _median(ds)
    r2 = (ds - f) ** 2
    with np.errstate(divide="ignore", invalid="ignore"):
        at_zero = np.where(vs > 0, r2 / vs, np.where(r2 > 0, np.inf, 0.0))
    tau = 0.0
    if _median(at_zero) > CHI2_1_MEDIAN:
        lo, hi = 0.0, TAU_MAX
        for _ in range(_TAU_STEPS):
            mid = (lo + hi) / 2
            if _median(r2 / (vs + mid * mid)) > CHI2_1_MEDIAN:
                lo = mid
            else:
                hi = mid
        tau = hi
    var_f = (math.pi / 2) * float(np.mean(vs + tau * tau)) / len(vs)
    return f, tau, var_f


def _median(x: np.ndarray) -> float:
    """The median of a 1-d array (np.partition: np.median's overhead dominates at this size)."""
    n = len(x)
    if n % 2:
        return float(np.partition(x, n // 2)[n // 2])
    part = np.partition(x, (n // 2 - 1, n // 2))
    return float(part[n // 2 - 1] + part[n // 2]) / 2


def read(own: Move, others: Common, level: float = stats.CI_LEVEL) -> Reading:
    """A case's move against the common move of others: ``exp(d - F)`` and its interval."""
    r = own.d - others.f
    half = t_quantile(0.5 + level / 2, own.df) * math.sqrt(own.var + others.tau**2 + others.var_f)
    return Reading(
        others.cases, math.exp(others.f), math.exp(r), math.exp(r - half), math.exp(r + half),
        others.tau,
    )  # fmt: skip


def t_quantile(p: float, df: float) -> float:
    """Student's t quantile at a fractional ``df`` (Welch's): interpolated in 1 / df between the
    whole degrees of freedom either side (:func:`.stats.t_quantile`)."""
    lo = max(1, math.floor(df))
    if df <= lo:
        return _t(p, lo)
    w = (1 / lo - 1 / df) / (1 / lo - 1 / (lo + 1))
    return (1 - w) * _t(p, lo) + w * _t(p, lo + 1)


@functools.lru_cache(maxsize=512)
def _t(p: float, df: int) -> float:
    return stats.t_quantile(p, min(df, 10_000))


def band_verdict(low: float, high: float, threshold: float) -> str:
    """``slower`` (``faster``) when the interval [low, high] lies above (below) the band, else
    ``cannot tell``: a reading against other cases never says "no change" (a change that moved
    them too would read as none). The one rule, :func:`.stats.band_verdict`."""
    return stats.band_verdict(low, high, threshold, can_say_same=False)


def verdict(readings: Sequence[Reading], threshold: float) -> str:
    """``slower`` (``faster``) when every reading's interval lies above (below) the band, else
    ``cannot tell``."""
    found = {band_verdict(r.low, r.high, threshold) for r in readings}
    return found.pop() if len(found) == 1 else "cannot tell"


def read_run(
    a: Mapping[K, Measurement],
    b: Mapping[K, Measurement],
    side_by_side: Mapping[K, Hashable],
    threshold: float,
    changed: Collection[K] = (),
    level: float = stats.CI_LEVEL,
) -> RunReading[K]:
    """Every case of ``a`` and ``b`` (the same keys, each measured in both runs) read against
    the others.

    Args:
        a: run A's measurements, by case.
        b: run B's, by the same keys.
        side_by_side: each case's group of cases measured side by side (its workload and size).
        threshold: the no-change band's half-width.
        changed: the cases whose own ratio already shows them slower or faster: they count as
            moved apart from the others in the guard (a change that touched most cases).
        level: the intervals' confidence.

    Returns:
        Each case's reading, or why it has none (the module docstring's guards).
    """
    xa, xb = adjusted_logs(a), adjusted_logs(b)
    off: dict[K, str] = {}
    moves: dict[K, Move] = {}
    for key in a:
        fa, fb = xa.get(key), xb.get(key)
        if fa is None or fb is None or min(len(fa), len(fb)) < MIN_PROCESSES:
            off[key] = OFF_UNITS
        else:
            moves[key] = move(fa, fb)
    out: dict[K, Relative] = {}
    keys = list(moves)
    d = np.array([moves[k].d for k in keys])
    v = np.array([moves[k].var for k in keys])
    tq = np.array([t_quantile(0.5 + level / 2, moves[k].df) for k in keys])
    ids: dict[Hashable, int] = {}
    group = np.array([ids.setdefault(side_by_side.get(k), len(ids)) for k in keys])
    moved = np.array([k in changed for k in keys], dtype=bool)
    lo, hi = (math.log(x) for x in stats.band(threshold))
    for i, key in enumerate(keys):
        others = np.arange(len(keys)) != i
        beside = others & (group == group[i])
        n_others, n_beside = int(others.sum()), int(beside.sum())
        if n_others < MIN_OTHERS:
            off[key] = OFF_FEW
            continue
        if n_beside < MIN_SIDE_BY_SIDE:
            off[key] = OFF_SIDE
            continue
        f, tau, var_f = _common(d[others], v[others])
        # Each other case read against the common move, as the case itself is below.
        half = tq[others] * np.sqrt(v[others] + tau * tau + var_f)
        r = d[others] - f
        apart = moved[others] | (r - half > hi) | (r + half < lo)
        if n_others - int(apart.sum()) < MOVED_TOGETHER * n_others:
            off[key] = OFF_SCATTER
            continue
        every = Common(f, tau, var_f, n_others)
        near = Common(*_common(d[beside], v[beside]), n_beside)
        readings = (read(moves[key], every, level), read(moves[key], near, level))
        out[key] = Relative(readings[0], readings[1], verdict(readings, threshold))
    common = math.exp(stats.median([m.d for m in moves.values()])) if len(moves) >= 2 else None
    return RunReading(cases=out, off={k: off[k] for k in a if k in off}, common=common)
