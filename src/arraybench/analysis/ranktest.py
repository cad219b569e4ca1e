"""The rank test and the bootstrap behind ``arraybench compare``'s figures (analysis/compare.py):
a two-sided Mann-Whitney U test of two runs' independent units, reported beside each case, and a
percentile bootstrap interval of a ratio of medians (``samples.compare_samples``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

#: Elements resampled per bootstrap block: bounds memory for cases with very many samples.
_BLOCK_ELEMENTS = 2_000_000


@dataclass(frozen=True)
class MannWhitney:
    """A two-sided Mann-Whitney U test.

    Attributes:
        u: the U statistic of the first sample (pairs (x, y) with x > y, ties counting one half);
            the same number as ``scipy.stats.mannwhitneyu(x, y).statistic``.
        p: two-sided p-value from the normal approximation with tie and continuity corrections.
        z: the standardised statistic (0 when every value is tied).
    """

    u: float
    p: float
    z: float


def mann_whitney_u(x: Sequence[float], y: Sequence[float]) -> MannWhitney:
    """Two-sided Mann-Whitney U test of ``x`` against ``y``.

    Idea:
        ranks  = mid-ranks of x ∪ y (tied values share the mean of their ranks)
        U      = sum(ranks of x) - n1 (n1 + 1) / 2
        mu     = n1 n2 / 2
        sigma² = n1 n2 / 12 · ((n + 1) - Σ(t³ - t) / (n (n - 1)))   t: size of each tie group
        z      = (|U - mu| - 1/2) / sigma                          (continuity correction)
        p      = 2 (1 - Φ(z)), at most 1

    Args:
        x: the first sample (at least one value).
        y: the second sample (at least one value).

    Returns:
        U, p and z; p is 1 when every value is tied (sigma = 0): nothing tells the samples apart.
    """
    n1, n2 = len(x), len(y)
    if n1 == 0 or n2 == 0:
        raise ValueError("the Mann-Whitney test needs at least one value in each sample")
    both = np.concatenate([np.asarray(x, dtype=float), np.asarray(y, dtype=float)])
    n = n1 + n2
    _, inverse, counts = np.unique(both, return_inverse=True, return_counts=True)
    # Mid-rank of each distinct value: the ranks before it, plus the mean of its own (1-based).
    starts = np.cumsum(counts) - counts
    midranks = starts + (counts + 1) / 2.0
    ranks = midranks[inverse]
    u = float(ranks[:n1].sum() - n1 * (n1 + 1) / 2.0)
    mu = n1 * n2 / 2.0
    ties = float(np.sum(counts.astype(float) ** 3 - counts))
    var = n1 * n2 / 12.0 * ((n + 1) - (ties / (n * (n - 1)) if n > 1 else 0.0))
    if var <= 0:
        return MannWhitney(u=u, p=1.0, z=0.0)
    z = (abs(u - mu) - 0.5) / math.sqrt(var)
    p = min(1.0, math.erfc(z / math.sqrt(2.0)))
    return MannWhitney(u=u, p=p, z=z)


def min_p_value(n1: int, n2: int) -> float:
    """The smallest p :func:`mann_whitney_u` can give for samples of these sizes (no ties, every
    value of one above every value of the other): under alpha, the test cannot decide."""
    if n1 < 1 or n2 < 1:
        return 1.0
    var = n1 * n2 * (n1 + n2 + 1) / 12.0
    z = (n1 * n2 / 2.0 - 0.5) / math.sqrt(var)
    return min(1.0, math.erfc(z / math.sqrt(2.0)))


def bootstrap_ratio_ci(
    a: Sequence[float],
    b: Sequence[float],
    rng: np.random.Generator,
    replicates: int,
    level: float,
) -> tuple[float, float]:
    """Percentile bootstrap CI of median(b) / median(a), each sample resampled on its own.

    Args:
        a: raw samples of the first run.
        b: raw samples of the second run.
        rng: the generator to resample with (seeded by the caller).
        replicates: how many resamples.
        level: confidence level.

    Returns:
        (low, high); NaN where a resampled median of ``a`` is 0 (no ratio exists).
    """
    med_a = _bootstrap_medians(np.asarray(a, dtype=float), rng, replicates)
    med_b = _bootstrap_medians(np.asarray(b, dtype=float), rng, replicates)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratios = med_b / med_a
    if not np.all(np.isfinite(ratios)):
        return math.nan, math.nan
    tail = (1.0 - level) / 2.0
    lo, hi = np.quantile(ratios, [tail, 1.0 - tail])
    return float(lo), float(hi)


def _bootstrap_medians(x: np.ndarray, rng: np.random.Generator, replicates: int) -> np.ndarray:
    n = len(x)
    block = max(1, _BLOCK_ELEMENTS // max(n, 1))
    out = np.empty(replicates)
    for start in range(0, replicates, block):
        stop = min(replicates, start + block)
        idx = rng.integers(0, n, size=(stop - start, n))
        out[start:stop] = np.median(x[idx], axis=1)
    return out
