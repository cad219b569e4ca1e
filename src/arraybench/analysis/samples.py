"""Two sets of independent values of one case compared (per-process medians, say): the ratio of
medians with a percentile bootstrap interval, and compare's test and verdict
(:func:`arraybench.analysis.compare.compare_measurements` compares two measurements)."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np

from ..base import stats
from .compare import (
    CI_LEVEL,
    DEFAULT_ALPHA,
    DEFAULT_THRESHOLD,
    CaseComparison,
    Key,
    _verdict,
)
from .ranktest import bootstrap_ratio_ci, mann_whitney_u

#: Bootstrap replicates for the ratio's CI: a few hundred place the 2.5% and 97.5% quantiles
#: within a fraction of the CI's width, and keep a 200-case comparison under a second.
BOOTSTRAP = 400


def compare_samples(
    key: Key,
    a: Sequence[float],
    b: Sequence[float],
    *,
    threshold: float = DEFAULT_THRESHOLD,
    alpha: float = DEFAULT_ALPHA,
    rng: np.random.Generator | None = None,
    replicates: int = BOOTSTRAP,
) -> CaseComparison:
    """Compare two sets of independent values of one case (per-process medians, say): the
    ratio of medians with a percentile bootstrap CI, and the same test and verdict as
    :func:`~arraybench.analysis.compare.compare_measurements`.

    Args:
        key: the case's key, carried into the record.
        a: seconds per call, run A (each an independent unit).
        b: seconds per call, run B.
        threshold: effect size a verdict needs.
        alpha: significance level.
        rng: bootstrap generator (default: seeded from the key).
        replicates: bootstrap replicates.

    Returns:
        A :class:`CaseComparison`.
    """
    if rng is None:
        rng = np.random.default_rng([0, _key_seed(key)])
    med_a, med_b = stats.median(a), stats.median(b)
    ratio = med_b / med_a if med_a > 0 else float("nan")
    ci = bootstrap_ratio_ci(a, b, rng, replicates, CI_LEVEL)
    test = mann_whitney_u(a, b)
    return _verdict(key, med_a, med_b, ratio, ci, test, len(a), len(b), threshold, alpha)


def _key_seed(key: Key) -> int:
    # A stable hash (Python's hash() of str is salted per process).
    return zlib.crc32(repr(key).encode("utf-8"))
