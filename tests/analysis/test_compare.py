"""Comparing two runs: the Mann-Whitney test, verdicts on synthetic and fake-clock runs,
environment differences, unmatched and failed cases."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench.analysis.compare import (
    DEFAULT_THRESHOLD,
    FASTER,
    FEW_SAMPLES,
    SAME,
    SLOWER,
    UNSURE,
    WIDE,
    compare,
    env_changes,
    mann_whitney_u,
    min_p_value,
)
from arraybench.analysis.samples import compare_samples
from arraybench.backends.fake import FakeBackend
from arraybench.measure.clock import FakeClock
from arraybench.measurement import Measurement
from arraybench.results import FAILED, OK, CaseResult, RunResult

from ..conftest import noisy

KEY = ("w", "impl", "numpy", "cpu", "float64", 10)


def case(
    impl: str,
    samples: Sequence[float] | None,
    *,
    size: int = 10,
    backend: str = "numpy",
    error: str | None = None,
) -> CaseResult:
    if samples is None:
        return CaseResult("w", impl, backend, "cpu", "float64", size, FAILED, error=error or "x")
    m = Measurement(samples=tuple(float(s) for s in samples), loops=1, first_call=samples[0])
    return CaseResult("w", impl, backend, "cpu", "float64", size, OK, measurement=m)


def lognormal(seed: int, base: float, n: int = 40, sd: float = 0.03) -> list[float]:
    rng = np.random.default_rng(seed)
    return [float(v) for v in base * rng.lognormal(0.0, sd, n)]


def synthetic_run(
    seed: int,
    slow: dict[str, float] | None = None,
    impls: Sequence[str] = ("loop", "vectorized", "jit", "compiled"),
    sizes: Sequence[int] = (1, 10, 100, 1000, 10_000),
    env: dict[str, Any] | None = None,
) -> RunResult:
    """Cases whose samples scatter around a fixed modelled cost; ``slow`` multiplies some impls'."""
    rng = np.random.default_rng(seed)
    cases = []
    for i, impl in enumerate(impls):
        for n in sizes:
            base = (1 + i) * 1e-6 + 1e-9 * n * (1 + i)
            base *= (slow or {}).get(impl, 1.0)
            s = tuple(float(v) for v in base * rng.lognormal(0.0, 0.04, 30))
            m = Measurement(samples=s, loops=1, first_call=base)
            cases.append(CaseResult("w", impl, "numpy", "cpu", "float64", n, OK, measurement=m))
    return RunResult(cases=tuple(cases), env=env or {})


# -- Mann-Whitney --------------------------------------------------------------------------------


def test_mann_whitney_separated_samples_by_hand() -> None:
    # ranks of x: 1, 2, 3 -> U = 6 - 6 = 0; mu = 4.5; sigma^2 = 9 * 7 / 12 = 5.25
    r = mann_whitney_u([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
    assert r.u == 0.0
    z = (4.5 - 0.5) / math.sqrt(5.25)
    assert r.z == pytest.approx(z)
    assert r.p == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert r.p == pytest.approx(0.08086, abs=1e-4)


def test_mann_whitney_ties_by_hand() -> None:
    # combined 1 2 2 2 3 3 -> mid-ranks 1, 3, 3, 3, 5.5, 5.5; x = {1, 2, 2}: R = 7, U = 1.
    # ties: t = 3 and t = 2 -> sum(t^3 - t) = 30; sigma^2 = 9/12 * (7 - 30/30) = 4.5
    r = mann_whitney_u([1.0, 2.0, 2.0], [2.0, 3.0, 3.0])
    assert r.u == 1.0
    assert r.z == pytest.approx((3.5 - 0.5) / math.sqrt(4.5))
    assert r.p == pytest.approx(math.erfc(1.0))  # z = sqrt(2)


def test_mann_whitney_all_tied_gives_p_one() -> None:
    r = mann_whitney_u([2.0, 2.0, 2.0], [2.0, 2.0])
    assert r.p == 1.0 and r.u == 3.0


def test_mann_whitney_is_symmetric() -> None:
    x, y = lognormal(1, 1.0, 20), lognormal(2, 1.1, 25)
    assert mann_whitney_u(x, y).p == pytest.approx(mann_whitney_u(y, x).p)
    assert mann_whitney_u(x, y).u + mann_whitney_u(y, x).u == 20 * 25


def test_mann_whitney_refuses_empty_samples() -> None:
    with pytest.raises(ValueError, match="at least one value"):
        mann_whitney_u([], [1.0])


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    ("n1", "n2", "shift", "decimals"),
    [(5, 7, 0.5, 1), (30, 40, 0.2, 8), (200, 150, 0.05, 1), (12, 12, 0.0, 0)],
)
def test_mann_whitney_agrees_with_scipy(
    seed: int, n1: int, n2: int, shift: float, decimals: int
) -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(seed)
    # Rounding makes ties, so the tie correction is exercised as well.
    x = np.round(rng.normal(0.0, 1.0, n1), decimals)
    y = np.round(rng.normal(shift, 1.0, n2), decimals)
    ours = mann_whitney_u(x.tolist(), y.tolist())
    ref = scipy_stats.mannwhitneyu(x, y, alternative="two-sided", method="asymptotic")
    assert ours.u == pytest.approx(float(ref.statistic))
    assert ours.p == pytest.approx(float(ref.pvalue), rel=1e-9, abs=1e-12)


def test_min_p_value_three_samples_can_never_be_significant() -> None:
    assert min_p_value(3, 3) > 0.05
    assert min_p_value(3, 3) == pytest.approx(mann_whitney_u([1, 2, 3], [4, 5, 6]).p)
    assert min_p_value(10, 10) < 0.001


# -- one case -----------------------------------------------------------------------------------


def test_thirty_percent_slower_is_slower_with_a_ci_around_the_truth() -> None:
    c = compare_samples(KEY, lognormal(1, 1e-6), lognormal(2, 1.3e-6))
    assert c.verdict == SLOWER
    assert c.ratio == pytest.approx(1.3, rel=0.03)
    assert c.ratio_ci[0] < 1.3 < c.ratio_ci[1]
    assert c.ratio_ci[0] > 1 + DEFAULT_THRESHOLD
    assert c.p < 1e-6


def test_faster_is_the_mirror_of_slower() -> None:
    a, b = lognormal(1, 1.3e-6), lognormal(2, 1e-6)
    assert compare_samples(KEY, a, b).verdict == FASTER
    assert compare_samples(KEY, b, a).verdict == SLOWER


def test_a_significant_but_small_change_is_no_change() -> None:
    # 2% slower with 400 tight samples: the test is sure, but the change is under the threshold.
    c = compare_samples(KEY, lognormal(1, 1e-6, n=400, sd=0.005), lognormal(2, 1.02e-6, 400, 0.005))
    assert c.p < 1e-6
    assert c.verdict == SAME
    # ... and with a threshold of 1% it counts.
    c = compare_samples(
        KEY, lognormal(1, 1e-6, 400, 0.005), lognormal(2, 1.02e-6, 400, 0.005), threshold=0.01
    )
    assert c.verdict == SLOWER


def test_a_large_change_from_three_samples_gets_no_verdict_and_says_why() -> None:
    c = compare_samples(KEY, [1e-6, 1.1e-6, 0.9e-6], [2e-6, 2.2e-6, 1.8e-6])
    assert c.ratio == pytest.approx(2.0)
    assert c.verdict == UNSURE
    assert c.note == FEW_SAMPLES


def test_the_bootstrap_of_values_is_seeded() -> None:
    a, b = lognormal(1, 1e-6), lognormal(2, 1.1e-6)
    one = compare_samples(KEY, a, b, rng=np.random.default_rng(3))
    two = compare_samples(KEY, a, b, rng=np.random.default_rng(3))
    other = compare_samples(KEY, a, b, rng=np.random.default_rng(4))
    assert one.ratio_ci == two.ratio_ci
    assert one.ratio_ci != other.ratio_ci


def test_runs_compare_on_their_independent_units_not_their_samples() -> None:
    """Two runs whose processes read 1.00, 1.06, 0.97, 1.03 ms and 1.04, 0.99, 1.07, 1.01 ms:
    thousands of samples each, but four units a side, and a 2% shift among 5% process effects is
    no change."""

    def in_processes(medians: tuple[float, ...]) -> CaseResult:
        parts = [
            Measurement(
                samples=tuple(m * (1 + 1e-4 * k) for k in range(-50, 50)),
                loops=1,
                first_call=m,
                blocks=(20,) * 5,
                rounds=tuple(range(100 * p, 100 * p + 5)),
            )
            for p, m in enumerate(medians)
        ]
        return replace(case("x", (1.0,)), measurement=Measurement.combine(parts))

    a = in_processes((1.00e-3, 1.06e-3, 0.97e-3, 1.03e-3))
    b = in_processes((1.04e-3, 0.99e-3, 1.07e-3, 1.01e-3))
    (c,) = compare(RunResult((a,)), RunResult((b,))).cases
    assert (c.n_a, c.n_b) == (4, 4)
    # The interval holds 1, and reaches past the ±5% band: neither a change nor its absence
    # can be told from four units a side.
    assert c.ratio_ci[0] < 1 < c.ratio_ci[1]
    assert c.verdict == UNSURE and c.note == WIDE


# -- whole runs ---------------------------------------------------------------------------------


def test_same_code_different_noise_raises_no_false_alarm() -> None:
    comparisons = [compare(synthetic_run(seed), synthetic_run(seed + 100)) for seed in range(5)]
    verdicts = [c.verdict for cmp in comparisons for c in cmp.cases]
    assert len(verdicts) == 5 * 20
    # No false alarm: every case is "no change" or, where its interval reaches past the band,
    # "cannot tell".
    assert verdicts.count(SLOWER) + verdicts.count(FASTER) == 0
    assert verdicts.count(SAME) > 0
    for cmp in comparisons:
        assert not cmp.unmatched and not cmp.failed and not cmp.env_changes


def test_one_impl_thirty_percent_slower_is_found_and_only_it() -> None:
    cmp = compare(synthetic_run(0), synthetic_run(1, slow={"jit": 1.3}))
    for c in cmp.cases:
        impl = c.key[1]
        assert c.verdict in ({SLOWER} if impl == "jit" else {SAME, UNSURE}), c.name
    s = cmp.summary
    assert (s.slower, s.faster, s.same + s.unsure, s.unmatched, s.failed) == (5, 0, 15, 0, 0)
    assert s.worst is not None and s.worst.key[1] == "jit"
    assert s.worst.ratio == max(c.ratio for c in cmp.cases)
    assert "5 slower" in s.text() and "worst: w/jit" in s.text()
    # Worst first: the slower cases lead the list.
    assert [c.verdict for c in cmp.cases[:5]] == [SLOWER] * 5
    assert [c.ratio for c in cmp.cases[:5]] == sorted(
        (c.ratio for c in cmp.cases[:5]), reverse=True
    )
    assert len(cmp.slower_beyond(0.05)) == 5
    assert cmp.slower_beyond(0.5) == ()  # 30% slower is not 50% slower


def make_workload(clock: FakeClock, rng: np.random.Generator, slow: float = 1.0) -> ab.Workload:
    """Three impls with modelled, noisy costs in fake time (0.2-2 ms per call, so a sample is a
    few calls and keeps some of the noise)."""
    w = ab.Workload("model", sizes=(10, 100, 1000))

    @w.inputs
    def make(n: int, r: np.random.Generator) -> dict[str, Any]:
        return {"x": r.standard_normal(n)}

    def cost(base: float, n: int) -> float:
        return noisy(rng, base + 1e-6 * n, 0.05)()

    @w.impl("numpy")
    def ref(x: Any) -> Any:
        clock.advance(cost(2e-4, len(x)))
        return 2 * x

    @w.impl("fake", label="generic")
    def generic(x: Any, xp: Any) -> Any:
        clock.advance(cost(3e-4, len(x)))
        return xp.multiply(x, 2)

    @w.impl("fake", label="tuned")
    def tuned(x: Any) -> Any:
        clock.advance(cost(2.5e-4, len(x)) * slow)
        return 2 * x

    return w


def engine_run(seed: int, slow: float = 1.0) -> RunResult:
    clock = FakeClock(read_cost_ns=50)
    w = make_workload(clock, np.random.default_rng(seed), slow)
    return ab.run(w, clock=clock, budget=0.1, dtypes=["float64"])


def test_fake_clock_runs_of_the_same_code_compare_as_unchanged(fake_backend: FakeBackend) -> None:
    cmp = compare(engine_run(1), engine_run(2))
    assert len(cmp.cases) == 9
    assert not cmp.with_verdict(SLOWER) and not cmp.with_verdict(FASTER)
    same = sum(c.verdict == SAME for c in cmp.cases)
    assert same / len(cmp.cases) >= 0.7, [(c.name, c.ratio_ci, c.p) for c in cmp.cases]


def test_fake_clock_run_with_one_impl_slower_flags_that_impl(fake_backend: FakeBackend) -> None:
    cmp = compare(engine_run(1), engine_run(2, slow=1.3))
    by_impl: dict[str, set[str]] = {}
    for c in cmp.cases:
        by_impl.setdefault(c.key[1], set()).add(c.verdict)
    assert by_impl["tuned"] == {SLOWER}
    assert by_impl["ref"] | by_impl["generic"] <= {SAME, UNSURE}


# -- unmatched, failed --------------------------------------------------------------------------


def test_unmatched_and_failed_cases_are_listed_not_compared() -> None:
    s = lognormal(1, 1e-6)
    a = RunResult(
        (case("both", s), case("only_a", s), case("fails_in_b", s), case("fails_everywhere", None))
    )
    b = RunResult(
        (
            case("both", s),
            case("only_b", s),
            case("fails_in_b", None, error="ValueError: boom\n  at line 3"),
            case("fails_everywhere", None),
        )
    )
    cmp = compare(a, b)
    assert [c.key[1] for c in cmp.cases] == ["both"]
    assert {(u.key[1], u.side) for u in cmp.unmatched} == {("only_a", "A"), ("only_b", "B")}
    failed = {f.key[1]: f for f in cmp.failed}
    assert failed["fails_in_b"].failed_in == "B"
    assert failed["fails_in_b"].error == "ValueError: boom"
    assert failed["fails_everywhere"].failed_in == "both"
    s2 = cmp.summary
    assert (s2.same, s2.unmatched, s2.failed, s2.worst) == (1, 2, 2, None)


def test_size_is_part_of_the_key() -> None:
    s = lognormal(1, 1e-6)
    cmp = compare(RunResult((case("x", s, size=10),)), RunResult((case("x", s, size=20),)))
    assert not cmp.cases
    assert {u.key[-1] for u in cmp.unmatched} == {10, 20}


# -- environments -------------------------------------------------------------------------------

ENV = {
    "python": "3.11.7",
    "hostname": "vm",
    "cpu": "AMD EPYC",
    "cores": 2,
    "load_average": [0.5, 0.4, 0.3],
    "env_threads": {},
    "backends": {
        "numpy": {
            "version": "2.4.6",
            "blas": [{"vendor": "openblas", "version": "0.3.31", "threads": 2}],
            "threads": 2,
            "devices": ["cpu"],
        },
        "torch": {"version": "2.13.0+cpu", "threads": 2, "devices": ["cpu"]},
    },
}


def test_env_changes_name_versions_blas_threads_and_host() -> None:
    new = json.loads(json.dumps(ENV))
    new["backends"]["numpy"]["version"] = "2.5.0"
    new["backends"]["numpy"]["blas"][0]["vendor"] = "mkl"
    new["backends"]["torch"]["threads"] = 8
    new["hostname"] = "big"
    new["load_average"] = [3.0, 2.0, 1.0]  # differs on every run: not a difference worth a line
    new["env_threads"] = {"OMP_NUM_THREADS": "1"}
    del new["backends"]["torch"]["devices"]
    new["backends"]["jax"] = {"version": "0.10.2"}
    a = RunResult((), env=ENV, config={"budget": 0.5, "sizes": [1, 10]})
    b = RunResult((), env=new, config={"budget": 0.2, "sizes": [1]})
    got = {c.key: c for c in env_changes(a, b)}
    assert set(got) == {
        "backends.numpy.version",
        "backends.numpy.blas[0].vendor",
        "backends.torch.threads",
        "backends.torch.devices",
        "backends.jax",
        "hostname",
        "env_threads.OMP_NUM_THREADS",
        "config.budget",
    }
    assert got["backends.numpy.version"].describe() == "backends.numpy.version: 2.4.6 -> 2.5.0"
    assert got["backends.numpy.blas[0].vendor"].describe().endswith("openblas -> mkl")
    assert got["backends.torch.threads"].describe().endswith("2 -> 8")
    assert got["backends.torch.devices"].describe().endswith("[cpu] -> (absent)")
    assert got["backends.jax"].describe() == "backends.jax: (absent) -> present (version 0.10.2)"
    assert got["env_threads.OMP_NUM_THREADS"].change == "added"
    assert got["config.budget"].describe() == "config.budget: 0.5 -> 0.2"
    # The comparison carries them, and a run compared with itself has none.
    assert len(compare(a, b).env_changes) == 8
    assert env_changes(a, a) == ()


def test_env_of_a_saved_run_equals_the_fresh_one(tmp_path: Any) -> None:
    # Tuples become lists in JSON; that alone must not read as a change.
    env = {**ENV, "load": (1, 2), "backends": {"numpy": {"devices": ("cpu",)}}}
    run = RunResult((case("x", lognormal(1, 1e-6)),), env=env)
    loaded = ab.load(run.save(tmp_path / "r.json"))
    assert env_changes(run, loaded) == ()


def test_to_dict_is_json() -> None:
    a = synthetic_run(0, env=ENV)
    b = synthetic_run(1, slow={"jit": 1.5}, env={**ENV, "python": "3.12.1"})
    b = RunResult((*b.cases, case("extra", None)), env=b.env)
    cmp = compare(a, b)
    d = json.loads(json.dumps(cmp.to_dict(), allow_nan=False))
    assert d["summary"]["slower"] == 5
    assert d["summary"]["worst"]["impl"] == "jit"
    assert d["env_changes"] == [
        {"key": "python", "old": "3.11.7", "new": "3.12.1", "change": "changed"}
    ]
    assert d["unmatched"] == [{"case": "w/extra[numpy:cpu:float64] n=10", "only_in": "B"}]
    assert SLOWER in {c["verdict"] for c in d["cases"]} <= {SLOWER, SAME, UNSURE}


def test_bad_settings_are_refused_with_the_fix() -> None:
    run = synthetic_run(0)
    with pytest.raises(ValueError, match=r"0\.05 for 5%"):
        compare(run, run, threshold=-0.1)
    with pytest.raises(ValueError, match="between 0 and 1"):
        compare(run, run, alpha=5)


# -- the machine's speed, from the runs' canaries -------------------------------------------------


def canary_record(factor: float, n: int = 12) -> dict[str, Any]:
    """A stored canary record of a machine ``factor`` times as slow as the base one."""
    from arraybench.measure.canary import FORMAT

    rng = np.random.default_rng(int(factor * 1000))
    base = {"python": 20e-6, "copy": 100e-6, "gemm": 10e-6}
    return {
        "format": FORMAT,
        "kinds": list(base),
        "readings": [
            [float(t), {k: v * factor * float(rng.lognormal(0.0, 0.01)) for k, v in base.items()}]
            for t in range(n)
        ],
        "spent_s": 0.1,
    }


def with_canary(run: RunResult, factor: float) -> RunResult:
    from arraybench.measure.canary import CANARY_KEY

    return replace(run, extra={CANARY_KEY: canary_record(factor)})


def test_a_machine_slower_in_b_is_taken_out_and_said() -> None:
    """Every case 20% slower in B, and the canary 20% slower too: the machine changed, not the
    code. Without the canaries the same runs read 'slower' throughout."""
    every = {impl: 1.2 for impl in ("loop", "vectorized", "jit", "compiled")}
    a, b = synthetic_run(0), synthetic_run(1, slow=every)
    assert len(compare(a, b).with_verdict(SLOWER)) == 20
    cmp = compare(with_canary(a, 1.0), with_canary(b, 1.2))
    assert cmp.speed is not None and cmp.speed.moved
    assert cmp.speed.factor == pytest.approx(1.2, rel=0.02)
    assert "slower in B" in cmp.speed.describe()
    assert not cmp.with_verdict(SLOWER) and not cmp.with_verdict(FASTER)
    assert all(c.ratio == pytest.approx(1.0, abs=0.05) for c in cmp.cases)
    assert json.loads(json.dumps(cmp.to_dict()))["machine_speed"]["moved"] is True


def test_a_real_slowdown_stands_out_from_a_machine_that_did_not_move() -> None:
    a, b = synthetic_run(0), synthetic_run(1, slow={"jit": 1.3})
    cmp = compare(with_canary(a, 1.0), with_canary(b, 1.0))
    assert cmp.speed is not None and not cmp.speed.moved
    assert {c.key[1] for c in cmp.with_verdict(SLOWER)} == {"jit"}
    plain = compare(a, b)
    assert [c.ratio for c in cmp.cases] == [c.ratio for c in plain.cases]
