"""Order statistics for samples of times: median, its distribution-free CI, spread.

Times are skewed (a floor plus a tail of interruptions), so arraybench summarises with the median
and gives its confidence interval from order statistics, which assumes nothing about the shape.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

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


def relative_halfwidth(values: Sequence[float], level: float = CI_LEVEL) -> float:
    """The larger distance from the median to a CI bound, as a fraction of the median."""
    m = median(values)
    lo, hi, _ = median_ci(values, level)
    if m <= 0:
        return math.inf
    return max(m - lo, hi - m) / m
