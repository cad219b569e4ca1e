"""Adaptive spending on the fake two-state clock: the cases whose claim is settled at the look
stop there, the open ones get their time, and the stated intervals still hold the modelled truth
as often as stated over many simulated runs (the looks split the error: Bonferroni)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench.analysis.claims import Claim, settles
from arraybench.base import stats
from arraybench.measure import runner, spending
from arraybench.measure.clock import FakeClock, TwoStateMachine
from arraybench.measurement import Measurement, time_ratio
from arraybench.results import Floor, RunResult
from arraybench.suites.experiment import Experiment, ratio, run_experiment, verdict

#: The modelled cost of each impl (seconds per call). b/a = 1.5, far inside its claim's
#: [1.2, 2]: settled at the look. d/c = 1.01 against "above 1": close to the edge, open.
#: e is read by no claim.
COSTS = {"a": 1e-3, "b": 1.5e-3, "c": 1e-3, "d": 1.01e-3, "e": 2e-3}
TRUE_RATIOS = {("b", "a"): 1.5, ("d", "c"): 1.01}


@pytest.fixture(autouse=True)
def _no_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness floor is measured on every fake-clock run; its no-op loop costs no fake
    time, so it runs a million calls for each sample. These runs do not need it."""
    monkeypatch.setattr(runner, "_floor", lambda clock: Floor(5e-8, 1e-7))


def _ratio_of(num: str, den: str) -> Any:
    def measure(result: RunResult, extra: Mapping[str, Any]) -> Any:
        by = {c.impl: c for c in result.cases if c.ok}
        return ratio(by[num], by[den])

    return measure


CLAIMS = (
    Claim("b / a", 1.2, 2.0, _ratio_of("b", "a")),
    Claim("d / c", 1.0, math.inf, _ratio_of("d", "c")),
)


def experiment(clock: FakeClock, seed: int) -> Experiment:
    """Five impls of one size, each call costing its modelled time with seeded noise (5% SD,
    log-normal), on ``clock``'s machine."""
    rng = np.random.default_rng(seed)
    w = ab.Workload("pairs", sizes=(100,), dtypes=("float64",))

    @w.inputs
    def make(n: int, r: np.random.Generator) -> dict[str, Any]:
        return {"x": np.zeros(1)}

    def modelled(cost: float) -> Any:
        def impl(x: Any) -> Any:
            clock.advance(cost * rng.lognormal(0.0, 0.05))
            return x

        return impl

    for label, cost in COSTS.items():
        w.impl("numpy", label=label)(modelled(cost))

    def answer(result: RunResult, extra: Mapping[str, Any]) -> Any:
        return verdict(CLAIMS, result, extra, "")

    return Experiment("pairs", "pairs", "?", "claims", [w], answer, claims=CLAIMS)


def simulated(seed: int, spending_: str, budget: float = 0.5) -> tuple[RunResult, float]:
    """One run on a machine that is 1.2x slower in spells of 0.3 s on average; returns the
    result and the fake seconds it took."""
    clock = FakeClock(read_cost_ns=50, machine=TwoStateMachine(1.2, 0.3, 0.3, seed=seed))
    config = ab.RunConfig(budget=budget, spending=spending_)
    result, _ = run_experiment(experiment(clock, seed), config, clock=clock)
    return result, clock.time_ns / 1e9


def by_impl(result: RunResult) -> dict[str, Measurement]:
    out = {}
    for c in result.cases:
        assert c.ok and c.measurement is not None, c.error
        out[c.impl] = c.measurement
    return out


def test_the_questions_name_the_cases_they_read_before_anything_is_measured() -> None:
    clock = FakeClock()
    exp = experiment(clock, 0)
    cases, _ = runner.plan(list(exp.workloads), ab.RunConfig())
    stages = spending.plan([settles(c, 0.05) for c in CLAIMS], cases, ab.RunConfig(), {})
    assert stages is not None
    assert sorted(cases[i].impl.label for i in stages.read) == ["a", "b", "c", "d"]
    assert stages.first_budgets() == {i: 0.25 for i in stages.read}
    # No claim that reads a case: nothing to stage.
    assert spending.plan([lambda r: True], cases, ab.RunConfig(), {}) is None


def test_settled_cases_stop_at_the_look_and_open_ones_get_their_time() -> None:
    even, even_s = simulated(1, "even")
    adaptive, adaptive_s = simulated(1, "adaptive")
    e, a = by_impl(even), by_impl(adaptive)
    budget = 0.5
    # (i) b/a is settled at the look (1.5x, its interval far inside [1.2, 2] and within
    # ±5%): both stop at half their budget, their intervals at the look's share of the error.
    for impl in ("a", "b"):
        assert a[impl].alpha_share == spending.LOOK_SHARES[0]
        assert a[impl].elapsed == pytest.approx(spending.FIRST_SHARE * budget, rel=0.1)
        assert e[impl].elapsed == pytest.approx(budget, rel=0.1)
    ba = time_ratio(a["b"], a["a"])
    assert ba.low > 1.2 and ba.high < 2.0 and ba.rel_halfwidth <= 0.05
    assert ba.level >= stats.CI_LEVEL - 1e-9  # stated at 95%, taken at 97.5%
    # (ii) d/c is open: c and d measured on, with the time a and b saved, so they get more
    # blocks (and budget) than an even run gives them; their intervals at the end's share.
    saved = (1 - spending.FIRST_SHARE) * budget * 2
    for impl in ("c", "d"):
        assert a[impl].alpha_share == spending.LOOK_SHARES[1]
        assert a[impl].elapsed == pytest.approx(budget + saved / 2, rel=0.1)
        more, fewer = a[impl].blocks, e[impl].blocks
        assert more is not None and fewer is not None and len(more) > len(fewer)
        # Stage 2 took no first call of its own: the case's is stage 1's, its only one.
        assert a[impl].first_call == pytest.approx(COSTS[impl], rel=0.3)
    # The results say what the look decided for each case it looked at.
    decided = {
        name.split("/")[1].split("[")[0]: v for name, v in adaptive.extra["spending"].items()
    }
    assert decided == {"a": "settled", "b": "settled", "c": "open", "d": "open"}
    assert "spending" not in even.extra
    # e, read by no claim, is measured in one go as before.
    assert a["e"].alpha_share == 1.0 and a["e"].elapsed == pytest.approx(budget, rel=0.1)
    # Everything the open cases got came from the settled ones: the run took no longer.
    assert adaptive_s <= even_s * 1.02


def _spent(seconds: float) -> ab.CaseResult:
    """A case that spent ``seconds`` of its budget in stage 1."""
    m = Measurement(
        samples=(1e-3,) * 3,
        loops=1,
        first_call=0.0,
        elapsed=seconds,
        blocks=(1,) * 3,
        rounds=(0, 1, 2),
    )
    return ab.CaseResult("w", "i", "numpy", "cpu", "float64", 10, "ok", measurement=m)


def test_the_time_saved_is_kept_beyond_what_the_open_cases_may_take() -> None:
    stages = spending.Stages((), frozenset(range(11)), ab.RunConfig(budget=1.0), {})
    held = {i: _spent(0.5) for i in range(10)}
    held[10] = _spent(2.0)  # one call outlasted its share: it spent twice its budget already
    budgets = stages.second_budgets(held, settled=set(range(8)), open_={8, 9, 10})
    # 8 settled cases saved 4 s; the 2 open ones with budget left take at most EXTRA_MAX budgets
    # more each; case 10 is not measured again (a stage would take its minimum samples again).
    assert budgets == {8: 0.5 + spending.EXTRA_MAX, 9: 0.5 + spending.EXTRA_MAX}
    assert stages.second_budgets(held, settled={0}, open_={1, 2}) == {1: 0.75, 2: 0.75}


def test_an_open_case_whose_call_outlasts_its_share_ends_at_the_look() -> None:
    clock = FakeClock(read_cost_ns=50)
    w = ab.Workload("slow", sizes=(100,), dtypes=("float64",))

    @w.inputs
    def make(n: int, r: np.random.Generator) -> dict[str, Any]:
        return {"x": np.zeros(1)}

    rng = np.random.default_rng(0)
    for label, cost in (("fast", 1e-3), ("slow", 0.2)):
        w.impl("numpy", label=label)(
            lambda x, cost=cost: clock.advance(cost * rng.lognormal(0.0, 0.05)) or x
        )
    claims = [Claim("slow / fast", 199.0, 201.0, _ratio_of("slow", "fast"))]  # on the edge
    exp = Experiment(
        "slow", "slow", "?", "c", [w], lambda r, e: verdict(claims, r, e, ""), claims=claims
    )
    result, _ = run_experiment(exp, ab.RunConfig(budget=0.5, spending="adaptive"), clock=clock)
    decided = {k.split("/")[1].split("[")[0]: v for k, v in result.extra["spending"].items()}
    assert decided == {"fast": "open", "slow": "spent"}
    m = by_impl(result)
    assert len(m["slow"].samples) == 3  # its minimum, taken once: 0.6 s of its 0.5 s budget
    assert m["slow"].alpha_share == spending.LOOK_SHARES[0]
    assert m["fast"].elapsed > 0.5  # the fast one measured on


@pytest.mark.slow
def test_the_stated_intervals_hold_the_truth_over_many_simulated_runs() -> None:
    """(iii) Over 40 simulated runs, each on a machine with its own slow spells and noise,
    the stated 95% interval of each claim's ratio holds its modelled value at least 95% of
    the time less a tolerance for 80 draws; the settled claim stopped early in most runs."""
    hits = looked = stopped = 0
    for seed in range(40):
        result, _ = simulated(100 + seed, "adaptive", budget=0.2)
        m = by_impl(result)
        stopped += m["a"].alpha_share == spending.LOOK_SHARES[0] and m["a"].elapsed < 0.15
        for (num, den), truth in TRUE_RATIOS.items():
            iv = time_ratio(m[num], m[den])
            assert iv.level >= stats.CI_LEVEL - 0.02
            hits += iv.contains(truth)
            looked += 1
    assert hits / looked >= stats.CI_LEVEL - 0.05
    assert stopped >= 20


def test_even_spending_and_plain_runs_measure_every_case_in_one_go() -> None:
    result, _ = simulated(2, "even")
    assert all(m.alpha_share == 1.0 for m in by_impl(result).values())
    # A run given no questions (ab.run) has nothing to stage, whatever its spending.
    clock = FakeClock(read_cost_ns=50)
    plain = ab.run(list(experiment(clock, 2).workloads), clock=clock, budget=0.1)
    assert all(m.alpha_share == 1.0 for m in by_impl(plain).values())


def test_a_verdict_steers_the_spending_only_through_its_interval_and_target() -> None:
    q = settles(CLAIMS[0], 0.05)
    clock = FakeClock(read_cost_ns=50)
    result, _ = run_experiment(experiment(clock, 3), ab.RunConfig(budget=0.2), clock=clock)
    assert q(result)  # agrees, within ±5%
    assert not settles(CLAIMS[0], 1e-6)(result)  # agrees, but wider than a tiny target
    assert not settles(Claim("b / a", 1.4, 1.6, CLAIMS[0].measure), 1.0)(
        _shifted(result, "b", 0.94)
    )  # 1.41x: the interval holds the edge 1.4, cannot tell
    assert settles(Claim("x", 0, 1, lambda r, e: "x did not run", applies=lambda r: "n/a"), 0.05)(
        result
    )  # a claim that does not cover the run waits for nothing


def _shifted(result: RunResult, impl: str, factor: float) -> RunResult:
    from dataclasses import replace

    def shifted(c: ab.CaseResult) -> ab.CaseResult:
        m = c.measurement
        if c.impl != impl or m is None:
            return c
        return replace(c, measurement=replace(m, samples=tuple(v * factor for v in m.samples)))

    return replace(result, cases=tuple(shifted(c) for c in result.cases))


def test_two_stages_merge_process_by_process() -> None:
    def part(value: float, blocks: tuple[int, ...], r0: int, processes: Any) -> Measurement:
        return Measurement(
            samples=tuple([value] * sum(blocks)),
            loops=1,
            first_call=value,
            elapsed=0.1,
            blocks=blocks,
            rounds=tuple(range(r0, r0 + len(blocks))),
            processes=processes,
        )

    # Two processes: stage 1 has 2 + 1 blocks, stage 2 has 1 + 2.
    first = part(1.0, (2, 1, 3), 0, (2, 1))
    second = part(2.0, (1, 1, 1), 10, (1, 2))
    m = spending.merge(first, second)
    assert m.processes == (3, 3)
    assert m.blocks == (2, 1, 1, 3, 1, 1)
    assert m.rounds == (0, 1, 10, 2, 11, 12)
    assert m.samples == (1.0, 1.0, 1.0, 2.0, 1.0, 1.0, 1.0, 2.0, 2.0)
    assert m.first_call == 1.0 and m.elapsed == pytest.approx(0.2)
    # One process: all the blocks, one after the other.
    one = spending.merge(part(1.0, (1, 1), 0, None), part(2.0, (1,), 5, None))
    assert one.processes is None and one.blocks == (1, 1, 1) and one.rounds == (0, 1, 5)
    with pytest.raises(ValueError, match="different numbers of processes"):
        spending.merge(first, part(2.0, (1,), 5, None))


def test_a_share_of_the_error_widens_the_interval_and_keeps_its_stated_level() -> None:
    rng = np.random.default_rng(0)
    samples = tuple(float(v) for v in 1e-3 * rng.lognormal(0.0, 0.05, 40))
    whole = Measurement(
        samples=samples, loops=1, first_call=1e-3, blocks=(1,) * 40, rounds=tuple(range(40))
    )
    half = Measurement(**{**whole.__dict__, "alpha_share": 0.5})
    assert half.interval.low <= whole.interval.low and whole.interval.high <= half.interval.high
    assert half.interval.high - half.interval.low > whole.interval.high - whole.interval.low
    assert half.interval.level >= stats.CI_LEVEL - 1e-9
    # Saved and read back: the share travels with the measurement; a file without it reads 1.
    d = half.to_dict()
    assert d["alpha_share"] == 0.5 and "alpha_share" not in whole.to_dict()
    assert Measurement.from_dict(d).interval == half.interval
    assert time_ratio(half, whole).level >= stats.CI_LEVEL - 1e-9
    assert stats.spent_level(0.95, 0.5) == pytest.approx(0.975)
    with pytest.raises(ValueError, match="alpha_share"):
        Measurement(samples=(1.0,), loops=1, first_call=1.0, alpha_share=0.0)


def test_the_settings_name_the_spending() -> None:
    from arraybench.base.errors import ConfigError

    assert ab.RunConfig().spending == "even"
    assert "spending" not in ab.RunConfig().to_dict()  # the default: as before it existed
    assert ab.RunConfig(spending="adaptive").to_dict()["spending"] == "adaptive"
    with pytest.raises(ConfigError, match="spending must be one of even, adaptive"):
        ab.RunConfig(spending="greedy")
