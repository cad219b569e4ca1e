from __future__ import annotations

import numpy as np
import pytest

from arraybench.base import stats


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
    assert stats.median_interval([1.0] * 10, "blocks").rel_halfwidth == 0


@pytest.mark.parametrize("df", [1, 2, 3, 4, 7, 30])
@pytest.mark.parametrize("p", [0.9, 0.975, 0.98734])
def test_t_quantiles_match_scipy(df: int, p: float) -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    assert stats.t_quantile(p, df) == pytest.approx(scipy_stats.t.ppf(p, df), rel=1e-6)
    assert stats.t_quantile(1 - p, df) == pytest.approx(-stats.t_quantile(p, df))


def test_a_repeat_interval_holds_the_next_runs_figure_95_percent_of_the_time() -> None:
    """Processes with log-normal effects: run i's interval (from its 4 processes) holds run j's
    mean-of-logs estimate in about 95% of pairs, as a prediction interval should."""
    rng = np.random.default_rng(0)
    runs = [np.exp(rng.normal(0.0, 0.05, 4)) for _ in range(400)]
    ivs = [stats.repeat_interval(list(r), "processes") for r in runs]
    est = [float(np.exp(np.mean(np.log(r)))) for r in runs]
    pairs = [(i, i + 1) for i in range(0, 399)]
    hit = np.mean([ivs[i].low <= est[j] <= ivs[i].high for i, j in pairs])
    assert 0.92 <= hit <= 0.98
    assert all(iv.level == 0.95 and iv.units == 4 for iv in ivs)


def test_the_reported_value_is_always_inside_its_interval() -> None:
    iv = stats.repeat_interval([1.0, 1.0, 1.0], "processes", value=1.2)
    assert iv.low <= 1.2 <= iv.high
    iv = stats.median_interval([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], "blocks", value=0.5)
    assert iv.low == 0.5


def test_paired_ratios_need_shared_rounds_and_fall_back_otherwise() -> None:
    a = {r: 2.0 + 0.01 * r for r in range(10)}
    b = {r: 1.0 + 0.005 * r for r in range(10)}
    iv = stats.paired_ratio(a, b)
    assert iv is not None and iv.method == "pairs" and iv.value == pytest.approx(2.0)
    assert stats.paired_ratio(a, {100: 1.0, 101: 1.0}) is None  # nothing shared


def test_an_unpaired_ratio_combines_the_two_intervals_conservatively() -> None:
    class M:
        def __init__(self, lo: float, mid: float, hi: float) -> None:
            self.iv = stats.Interval(mid, lo, hi, 0.975, 10, "blocks")

        def interval_at(self, level: float) -> stats.Interval:
            return self.iv

    iv = stats.unpaired_ratio(M(1.9, 2.0, 2.1), M(0.9, 1.0, 1.1))
    assert iv.method == "unpaired"
    assert (iv.low, iv.value, iv.high) == pytest.approx((1.9 / 1.1, 2.0, 2.1 / 0.9))
    assert iv.inverse().value == pytest.approx(0.5)


def test_a_spread_of_two_states_is_seen_where_the_mad_would_miss_it() -> None:
    values = [1.0] * 11 + [1.85] * 9
    assert stats.robust_spread(values, stats.median(values)) > 0.3


def test_one_verdict_rule_serves_compare_verify_and_the_readings_against_other_cases() -> None:
    from arraybench.analysis import compare, relative

    cases = [(1.06, 1.2), (0.8, 0.94), (0.97, 1.03), (0.9, 1.1), (1.0, 1.06)]
    for low, high in cases:
        assert compare.verdict_of(low, high, 0.05) == stats.band_verdict(low, high, 0.05)
        against = relative.band_verdict(low, high, 0.05)
        own = stats.band_verdict(low, high, 0.05)
        assert against == ("cannot tell" if own == "no change" else own)
    assert [stats.band_verdict(lo, hi, 0.05) for lo, hi in cases] == [
        "slower",
        "faster",
        "no change",
        "cannot tell",
        "cannot tell",
    ]
