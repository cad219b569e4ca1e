from __future__ import annotations

import numpy as np
import pytest

from arraybench.analysis import stats


def test_median_ci_covers_the_true_median_about_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(0)
    true_median = np.exp(0.0)  # log-normal(0, 1) has median 1
    for n in (10, 40, 500):
        hits = 0
        trials = 2000
        for _ in range(trials):
            lo, hi, _ = stats.median_ci(list(rng.lognormal(0, 1, n)))
            hits += lo <= true_median <= hi
        assert 0.93 <= hits / trials <= 0.995, n


@pytest.mark.parametrize("n", [1, 2, 5])
def test_too_few_samples_give_min_max_with_the_level_reached(n: int) -> None:
    lo, hi, level = stats.median_ci_ranks(n)
    assert (lo, hi) == (0, n - 1)
    assert level < 0.95


def test_exact_and_approximate_ranks_agree_at_the_switch() -> None:
    lo_exact, hi_exact, _ = stats.median_ci_ranks(300)
    lo_approx, hi_approx, _ = stats.median_ci_ranks(301)
    assert abs(lo_exact - lo_approx) <= 1 and abs(hi_exact - hi_approx) <= 2


def test_median_quantile_iqr() -> None:
    assert stats.median([3, 1, 2]) == 2
    assert stats.median([4, 1, 2, 3]) == 2.5
    assert stats.iqr([1, 2, 3, 4, 5]) == pytest.approx(2.0)
    assert stats.relative_halfwidth([1.0] * 10) == 0
