"""The cost model and crossovers on synthetic data with known parameters, and degenerate data."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from arraybench.analysis.crossover import crossover
from arraybench.analysis.fit import Fit, fit_series
from arraybench.measurement import Measurement
from arraybench.results import OK, CaseResult

SIZES = (1, 3, 10, 30, 100, 300, 1000, 3000, 10_000, 30_000, 100_000)


def synthetic(
    a: float,
    b: float,
    k: float,
    *,
    impl: str = "impl",
    backend: str = "numpy",
    noise: float = 0.02,
    seed: int = 0,
    sizes: tuple[int, ...] = SIZES,
    samples: int = 30,
) -> list[CaseResult]:
    """Cases whose samples scatter (log-normally, sd ``noise``) around a + b·n^k."""
    rng = np.random.default_rng(seed)
    out = []
    for n in sizes:
        t = a + b * n**k
        s = tuple(float(v) for v in t * rng.lognormal(0.0, noise, samples))
        out.append(
            CaseResult(
                "w",
                impl,
                backend,
                "cpu",
                "float64",
                n,
                OK,
                measurement=Measurement(samples=s, loops=1, first_call=t),
            )
        )
    return out


def slowed(case: CaseResult, factor: float) -> CaseResult:
    """The case with every sample ``factor`` times longer (a step the cost model must notice)."""
    assert case.measurement is not None
    m = replace(case.measurement, samples=tuple(factor * v for v in case.measurement.samples))
    return replace(case, measurement=m)


@pytest.mark.parametrize(
    ("a", "b", "k"),
    [(3e-6, 1e-9, 1.0), (800e-9, 5e-10, 1.0), (1e-5, 1e-12, 2.0), (5e-7, 2e-8, 0.8)],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fit_recovers_known_parameters_within_its_ci(
    a: float, b: float, k: float, seed: int
) -> None:
    f = fit_series(synthetic(a, b, k, seed=seed))
    assert f.kind == "fit" and f.good, f.problem
    assert f.a_ci[0] <= a <= f.a_ci[1]
    assert f.k_ci[0] <= k <= f.k_ci[1]
    assert f.b_ci[0] <= b <= f.b_ci[1]
    assert f.max_rel_residual < 0.1


def test_same_data_gives_the_same_fit() -> None:
    cases = synthetic(1e-6, 1e-9, 1.0)
    assert fit_series(cases) == fit_series(cases)


def test_one_size_reports_its_time_and_fits_nothing() -> None:
    f = fit_series(synthetic(1e-6, 1e-9, 1.0, sizes=(100,)))
    assert f.kind == "single" and not f.good
    assert f.a == pytest.approx(1e-6 + 1e-7, rel=0.05)
    assert math.isnan(f.k)
    assert "one size" in f.problem


def test_two_sizes_fix_the_exponent_at_one() -> None:
    f = fit_series(synthetic(1e-6, 1e-9, 1.0, sizes=(10, 10_000)))
    assert f.kind == "two-point" and f.k == 1.0
    assert f.a == pytest.approx(1e-6, rel=0.2)


def test_flat_line_is_called_flat() -> None:
    f = fit_series(synthetic(5e-6, 1e-15, 1.0))
    assert f.kind == "flat"
    assert f.a == pytest.approx(5e-6, rel=0.05)
    assert "does not grow" in f.problem


def test_noise_only_does_not_crash_and_is_not_called_good_growth() -> None:
    rng = np.random.default_rng(5)
    cases = []
    for n in SIZES:
        s = tuple(float(v) for v in rng.uniform(1e-6, 3e-6, 20))
        cases.append(
            CaseResult(
                "w",
                "i",
                "numpy",
                "cpu",
                "float64",
                n,
                OK,
                measurement=Measurement(samples=s, loops=1, first_call=1e-6),
            )
        )
    f = fit_series(cases)
    assert f.kind == "flat" or not f.good


def test_a_break_at_large_sizes_restricts_the_fit_and_says_where() -> None:
    cases = synthetic(1e-6, 1e-9, 1.0)
    # Beyond n=3000 the time jumps 4x (the data left the cache).
    jumped = [c if c.size <= 3000 else slowed(c, 4) for c in cases]
    f = fit_series(jumped)
    assert f.fitted_up_to == 3000
    assert "holds up to n=3000" in f.problem and "above the model" in f.problem
    assert f.a_ci[0] <= 1e-6 <= f.a_ci[1]


def test_zero_cases_is_an_error() -> None:
    with pytest.raises(ValueError, match="no measured case"):
        fit_series([])


# -- crossovers -----------------------------------------------------------------------------------


def _fit(a: float, b: float, k: float, impl: str, seed: int = 0, **kw: object) -> Fit:
    return fit_series(synthetic(a, b, k, impl=impl, seed=seed, **kw))  # type: ignore[arg-type]


def test_crossover_of_known_lines_is_found_within_its_ci() -> None:
    # python: 50 ns per element, no fixed cost; lib: 3 µs fixed + 1 ns per element.
    # They cross where 50e-9 n = 3e-6 + 1e-9 n  ->  n = 3e-6 / 49e-9 ≈ 61.2
    py = _fit(1e-9, 50e-9, 1.0, "python")
    lib = _fit(3e-6, 1e-9, 1.0, "lib", seed=1)
    c = crossover(py, lib)
    assert c.status == "crosses" and c.method == "model"
    assert c.winner == lib.series
    assert c.size is not None and c.ci is not None
    assert c.ci[0] <= 3e-6 / 49e-9 <= c.ci[1]
    assert c.size == pytest.approx(61.2, rel=0.15)


def test_crossover_is_symmetric_in_its_arguments() -> None:
    py, lib = _fit(1e-9, 50e-9, 1.0, "python"), _fit(3e-6, 1e-9, 1.0, "lib", seed=1)
    c1, c2 = crossover(py, lib), crossover(lib, py)
    assert c1.winner == c2.winner and c1.size == pytest.approx(c2.size)


def test_never_in_the_measured_range_is_an_answer() -> None:
    slow = _fit(10e-6, 10e-9, 1.0, "slow")
    fast = _fit(1e-6, 1e-9, 1.0, "fast", seed=3)
    c = crossover(slow, fast)
    assert c.status == "always" and c.winner == fast.series
    assert c.checked_up_to == SIZES[-1]
    assert c.size is None


def test_no_common_sizes() -> None:
    a = _fit(1e-6, 1e-9, 1.0, "a", sizes=(1, 10, 100))
    b = _fit(1e-6, 1e-9, 1.0, "b", sizes=(1000, 10_000, 100_000))
    assert crossover(a, b).status == "no-overlap"


def test_ties_within_the_noise_are_not_a_crossover() -> None:
    a = _fit(1e-6, 1e-9, 1.0, "a", seed=1, noise=0.05)
    b = _fit(1e-6, 1e-9, 1.0, "b", seed=2, noise=0.05)
    assert crossover(a, b).status in ("never", "always")


def test_crossover_falls_back_to_the_data_when_no_model_holds() -> None:
    sizes = (1, 10, 100, 1000)
    py = _fit(1e-9, 50e-9, 1.0, "python", sizes=sizes)
    # A step no power law follows: 3 µs up to n=10, then 9 µs from n=100 on.
    steps = synthetic(3e-6, 1e-12, 1.0, impl="lib", sizes=sizes)
    lib_cases = [c if c.size <= 10 else slowed(c, 3) for c in steps]
    lib = fit_series(lib_cases)
    assert not lib.good and lib.fitted_up_to is None
    c = crossover(py, lib)
    assert c.status == "crosses" and c.method == "data"
    # Python: 5 µs at n=100 (faster), 50 µs at n=1000 (slower than 9 µs).
    assert c.winner == lib.series
    assert c.ci == (100.0, 1000.0)


def test_the_marginal_cost_is_per_unit_of_n_not_per_element() -> None:
    # n counts what the workload says (points, rows, steps), not necessarily elements.
    from arraybench.report.cells import fit_figures

    _, _, marginal = fit_figures(fit_series(synthetic(3e-6, 2e-8, 2.0)))
    assert "per unit of n at n=" in marginal and "element" not in marginal
