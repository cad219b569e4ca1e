"""Statistics of times: medians and the intervals every figure is stated with.

Times are skewed (a floor plus a tail of interruptions), so arraybench summarises with the median.
Its interval rests on independent units, never on samples taken back to back:

    blocks in one process      order statistics of the block medians (distribution-free)
    processes                  a repeat interval over the processes' medians (t on the logs)
    two cases side by side     the same, over per-round ratios of their blocks (paired)
    two cases measured apart   each one's interval at sqrt(95%), combined (unpaired)

An :class:`Interval` carries the level it reaches and what it rests on.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

T = TypeVar("T")

#: Confidence level of every interval arraybench reports.
CI_LEVEL = 0.95
#: Above this many samples the binomial ranks come from the normal approximation (exact big-int
#: sums grow quadratically and the two agree to within a rank there).
_EXACT_UP_TO = 300
_Z = {0.95: 1.959963984540054, 0.99: 2.5758293035489004, 0.9: 1.6448536269514722}


def _z_of(level: float) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + level / 2.0)


@lru_cache(maxsize=4096)
def median_ci_ranks(n: int, level: float = CI_LEVEL) -> tuple[int, int, float]:
    """Ranks (0-based, inclusive) of the order statistics that bound the median.

    Idea: the number of samples below the true median is Binomial(n, 1/2). Choose the largest j
    with P(B < j+1) <= (1-level)/2; then [x_(j), x_(n-1-j)] covers the median with probability
    1 - 2 P(B <= j). With too few samples for the level, the widest interval [min, max] is
    returned with the level it actually reaches.

    Returns:
        (lo_rank, hi_rank, achieved_level)
    """
    if n < 1:
        raise ValueError("need at least one sample")
    if n > _EXACT_UP_TO:
        # Normal approximation to the binomial: within a fraction of a rank of the exact answer.
        z = _Z[level] if level in _Z else _z_of(level)
        half = z * math.sqrt(n) / 2.0
        lo = max(0, math.floor(n / 2.0 - half) - 1)
        hi = min(n - 1, math.ceil(n / 2.0 + half))
        return lo, hi, level
    alpha = (1.0 - level) / 2.0
    # cdf[k] = P(B <= k), accumulated with exact integers scaled once (n stays modest: <= 10^4).
    total = 2**n
    cum = 0
    j = -1
    for k in range(n):
        cum += math.comb(n, k)
        if cum / total > alpha:
            break
        j = k
    if j < 0:
        achieved = 1.0 - 2.0 * (1 / total) if n > 1 else 0.0
        return 0, n - 1, max(achieved, 0.0)
    # Interval [x_(j+1), x_(n-j)] in 1-based ranks excludes at most j samples per side.
    lo = j
    hi = n - 1 - j
    tail = sum(math.comb(n, k) for k in range(j + 1)) / total
    return lo, hi, 1.0 - 2.0 * tail


def median(values: Sequence[float]) -> float:
    s = sorted(values)
    n = len(s)
    if n == 0:
        raise ValueError("median of no values")
    mid = n // 2
    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2.0


def median_ci(values: Sequence[float], level: float = CI_LEVEL) -> tuple[float, float, float]:
    """The median's confidence interval: (lo, hi, achieved level)."""
    s = sorted(values)
    lo, hi, achieved = median_ci_ranks(len(s), level)
    return s[lo], s[hi], achieved


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolated quantile of already sorted values (NumPy's default method)."""
    n = len(sorted_values)
    if n == 0:
        raise ValueError("quantile of no values")
    pos = q * (n - 1)
    i = math.floor(pos)
    frac = pos - i
    if i + 1 >= n:
        return sorted_values[-1]
    return sorted_values[i] * (1 - frac) + sorted_values[i + 1] * frac


def iqr(values: Sequence[float]) -> float:
    s = sorted(values)
    return quantile(s, 0.75) - quantile(s, 0.25)


# -- intervals from blocks ------------------------------------------------------------------------
#
# A machine's speed changes for seconds at a time (another program, a busy neighbour VM, a
# frequency change). Samples taken one after another share that state, so an interval from them
# alone says how well this moment was measured, not what the next run will read. Samples are
# therefore taken in blocks spread over the case's whole budget, and every interval rests on the
# blocks as its independent units: a change of state between blocks widens it.

#: With fewer units than this, no pair of order statistics reaches 95% ([min, max] of 6 is 96.9%).
MIN_UNITS_95 = 6
#: An interval reaching further than this from its estimate, on either side (relative), is
#: "unstable": it cannot tell, so reports show the word in place of the figure (a busy machine;
#: more --processes or --budget narrow it). A case's standing comes from its ratios to the
#: others, measured side by side, whatever its own interval.
UNSTABLE_BEYOND = 0.5


@dataclass(frozen=True)
class Interval:
    """An estimate and its confidence interval, with what it rests on.

    Attributes:
        value: the estimate (a median time in seconds, or a ratio).
        low: lower bound.
        high: upper bound.
        level: the confidence the bounds actually reach; below :data:`CI_LEVEL` when there were
            too few units, and then the bounds are the [min, max] range of the units.
        units: how many independent units (blocks, or pairs of blocks) the interval rests on.
        method: ``blocks`` (block medians), ``pairs`` (per-round ratios of blocks taken side by
            side), ``unpaired`` (two cases' block intervals combined), ``samples`` (samples as
            units: results from before arraybench measured in blocks).
    """

    value: float
    low: float
    high: float
    level: float
    units: int
    method: str

    @property
    def confident(self) -> bool:
        """The interval reaches the 95% level (otherwise it is a [min, max] range)."""
        return self.level >= CI_LEVEL - 1e-9

    @property
    def rel_halfwidth(self) -> float:
        """The larger distance from the estimate to a bound, relative to the estimate."""
        if not self.value > 0:
            return math.inf
        return max(self.value - self.low, self.high - self.value) / self.value

    @property
    def unstable(self) -> bool:
        """Reaches further than ±:data:`UNSTABLE_BEYOND` of a positive estimate on either side
        (or has no finite bounds): an interval that cannot tell. A zero estimate (below the
        clock's resolution) is not called unstable: it has warnings of its own."""
        return self.value > 0 and not self.rel_halfwidth <= UNSTABLE_BEYOND

    def within(self, threshold: float) -> bool:
        """The whole interval lies inside the band ``[1 / (1 + threshold), 1 + threshold]``
        (a ratio no different from 1 by more than ``threshold``: tied, or no change)."""
        lo, hi = band(threshold)
        return lo <= self.low and self.high <= hi

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    def inverse(self) -> Interval:
        """The interval of 1/x (a time ratio turned into a speedup)."""
        if not (self.low > 0 and self.value > 0):
            return Interval(math.nan, math.nan, math.nan, self.level, self.units, self.method)
        return Interval(
            1 / self.value, 1 / self.high, 1 / self.low, self.level, self.units, self.method
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "value": _finite_or_none(self.value),
            "ci_low": _finite_or_none(self.low),
            "ci_high": _finite_or_none(self.high),
            "ci_level": self.level,
            "units": self.units,
            "method": self.method,
        }


def band(threshold: float) -> tuple[float, float]:
    """The band of ratios that mean "the same" to within ``threshold`` (0.05: 5%), symmetric in
    log space: ``[1 / (1 + threshold), 1 + threshold]``."""
    return 1.0 / (1.0 + threshold), 1.0 + threshold


def band_verdict(low: float, high: float, threshold: float, *, can_say_same: bool = True) -> str:
    """The one verdict rule on a ratio (B's time over A's) from its interval ``[low, high]``:
    ``slower`` (``faster``) when the whole interval lies above (below) the no-change
    :func:`band`, ``no change`` when it lies inside, else ``cannot tell``. compare, verify, the
    pytest plugin and the readings against other cases all use it; a reading against other
    cases passes ``can_say_same=False`` (a change that moved them too would read as none), and
    says ``cannot tell`` where the interval lies inside."""
    lo, hi = band(threshold)
    if low > hi:
        return "slower"
    if high < lo:
        return "faster"
    if can_say_same and lo <= low and high <= hi:
        return "no change"
    return "cannot tell"


def median_interval(
    values: Sequence[float], method: str, level: float = CI_LEVEL, value: float | None = None
) -> Interval:
    """Order-statistics interval of the median of ``values`` (each an independent unit).

    Args:
        values: the units (block medians, per-round ratios); at least one.
        method: what the units are, recorded in the interval.
        level: the confidence wanted.
        value: the estimate to report, when it is not the units' own median (the median of all
            samples, say); the bounds are widened to hold it.
    """
    s = sorted(values)
    lo_r, hi_r, achieved = median_ci_ranks(len(s), level)
    est = median(s) if value is None else value
    return Interval(est, min(s[lo_r], est), max(s[hi_r], est), achieved, len(s), method)


def spent_level(level: float, share: float) -> float:
    """The level at which to take an interval that may spend only ``share`` of the error
    ``1 - level``: 95% with a share of 1/2 is 97.5% (Bonferroni).

    A case measured in one go spends all of it (share 1). A case that was looked at part-way
    and could have stopped there (adaptive spending, :mod:`arraybench.measure.spending`) has its
    looks share the error, so that whichever look it stopped at, its interval holds at
    ``level``: the chance that any of the looks' intervals misses is at most the sum of their
    shares of ``1 - level``.
    """
    return 1.0 - share * (1.0 - level)


def restated(iv: Interval, share: float) -> Interval:
    """An interval taken at :func:`spent_level` stated at the level its looks keep together:
    a 97.5% interval with a share of 1/2 is stated as 95%."""
    if share >= 1.0:
        return iv
    level = max(0.0, 1.0 - (1.0 - iv.level) / share)
    return Interval(iv.value, iv.low, iv.high, level, iv.units, iv.method)


def split_blocks(samples: Sequence[T], blocks: Sequence[int]) -> list[Sequence[T]]:
    """``samples`` cut into consecutive blocks of the given sizes."""
    out, start = [], 0
    for k in blocks:
        out.append(samples[start : start + k])
        start += k
    return out


def robust_spread(values: Sequence[float], center: float) -> float:
    """The interquartile range / 1.349 (a standard deviation for normal data, which a few
    outliers cannot move), relative to ``center``. Not the MAD: for values split between two
    states, the MAD stays inside the larger group and reads a bimodal spread as none."""
    if not values or not center > 0:
        return math.nan
    return iqr(values) / 1.349 / center


def paired_ratio(
    num: Mapping[int, float], den: Mapping[int, float], level: float = CI_LEVEL
) -> Interval | None:
    """The ratio of two cases from blocks taken side by side, round by round.

    Idea: in each round both cases ran one block, within a fraction of a second of each other,
    so a slow spell of the machine slows both; the ratio of the two block medians cancels most
    of it. The per-round ratios are the units of an order-statistics interval.

    Args:
        num: block median by round, for the numerator case.
        den: block median by round, for the denominator case.

    Returns:
        The interval, or None when fewer than :data:`MIN_PAIRED_ROUNDS` rounds are shared.
    """
    ratios = [num[r] / den[r] for r in num.keys() & den.keys() if den[r] > 0]
    if len(ratios) < MIN_PAIRED_ROUNDS:
        return None
    return median_interval(ratios, "pairs", level)


#: Fewer shared rounds than this and a ratio is taken from the two cases' own intervals.
MIN_PAIRED_ROUNDS = 3


def unpaired_ratio(num: Any, den: Any, level: float = CI_LEVEL) -> Interval:
    """The ratio of two cases measured apart (other sizes, other runs), from their intervals.

    Idea: each median's interval at level sqrt(level); when both hold (probability level, the
    two being independent), the ratio of medians lies in [low_n / high_d, high_n / low_d].
    Conservative, and no pairing is pretended where there was none.

    Args:
        num: the numerator's measurement (anything with ``interval_at(level)``).
        den: the denominator's.
    """
    each = math.sqrt(level)
    a = num.interval_at(each)
    b = den.interval_at(each)
    units = min(a.units, b.units)
    if not (b.low > 0 and b.value > 0) or not math.isfinite(a.high):
        return Interval(math.nan, math.nan, math.nan, 0.0, units, "unpaired")
    return Interval(
        a.value / b.value, a.low / b.high, a.high / b.low, a.level * b.level, units, "unpaired"
    )


def _finite_or_none(v: float) -> float | None:
    return v if math.isfinite(v) else None


# -- intervals across processes -------------------------------------------------------------------
#
# Each Python process has its own memory layout (address-space randomisation, where the allocator
# puts the arrays, hash seeds), and a kernel's speed depends on it: on a quiet 2-core machine the
# same case read 1-6% apart from process to process while the blocks inside one process agreed
# within 0.5% (benchmarks/calibration.py, docs/method.md). No interval from one process can see
# that, so a careful run measures in several fresh processes and takes the process as the unit.


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom.

    Idea: bisection on the CDF, which is 1 - I_x(df/2, 1/2) / 2 with x = df / (df + t^2) for
    t > 0, I the regularized incomplete beta (continued fraction, Numerical Recipes' betacf).
    """
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if not 0 < p < 1:
        raise ValueError(f"p must be between 0 and 1, got {p!r}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    lo, hi = 0.0, 1.0
    while _t_cdf(hi, df) < p:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if _t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


def _t_cdf(t: float, df: int) -> float:
    x = df / (df + t * t)
    tail = 0.5 * _betainc(df / 2, 0.5, x)
    return 1 - tail if t > 0 else tail


def _betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def _betacf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for num in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def repeat_interval(
    values: Sequence[float],
    method: str,
    level: float = CI_LEVEL,
    value: float | None = None,
    *,
    predict: bool = True,
) -> Interval:
    """The interval in which a repeat of the run should find its figure, from one figure per
    process (a median time, or a ratio of two cases measured side by side).

    Idea: processes are independent draws of the process effect, roughly log-normal; with n of
    them, mean m and standard deviation s of the logs, a repeat run of n processes lands within
    m ± t(n-1) · s · sqrt(1/n + 1/n) with probability ``level`` (a prediction interval: it holds
    the true value too, and is sqrt(2) wider than a CI of it, because the question a user asks
    of a figure is whether the next run will read the same).

    Args:
        values: one positive figure per process; at least two.
        method: what the units are, recorded in the interval.
        level: the probability wanted.
        value: the estimate to report (the median of all samples); the bounds hold it.
        predict: a prediction interval (the default, above); False: the confidence interval of
            the figure itself, m ± t(n-1) · s / sqrt(n), for a question about the two things
            measured rather than about a next run (``run --against``: is this version slower?).
    """
    if len(values) < 2:
        raise ValueError("a repeat interval needs figures from at least two processes")
    if any(not v > 0 for v in values):
        return Interval(math.nan, math.nan, math.nan, 0.0, len(values), method)
    logs = [math.log(v) for v in values]
    n = len(logs)
    m = sum(logs) / n
    s = math.sqrt(sum((x - m) ** 2 for x in logs) / (n - 1))
    half = t_quantile(0.5 + level / 2, n - 1) * s * math.sqrt((2 if predict else 1) / n)
    est = math.exp(m) if value is None else value
    return Interval(
        est, min(math.exp(m - half), est), max(math.exp(m + half), est), level, n, method
    )
