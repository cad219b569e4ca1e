"""Claims as data: verdicts follow from the measured interval against the claim's, "cannot tell"
says what would settle it, and on a machine with slow spells a claim about an absolute time
turns to "cannot tell" while one about a ratio measured side by side still holds."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

import arraybench as ab
from arraybench.analysis.claims import (
    AGREES,
    DISAGREES,
    PARTLY,
    UNTESTED,
    Claim,
    Judgement,
    conclude,
    judge,
)
from arraybench.backends.fake import FakeBackend
from arraybench.base.stats import Interval
from arraybench.measure.clock import FakeClock, TwoStateMachine
from arraybench.measurement import time_ratio
from arraybench.results import RunResult

RUN = RunResult(cases=(), config={"budget": 0.5, "processes": 4})


def claim(low: float, high: float, iv: Interval | str) -> Claim:
    return Claim("q", low, high, lambda r, e: iv, says="says")


def iv(
    value: float, low: float, high: float, method: str = "processes", units: int = 4
) -> Interval:
    return Interval(value, low, high, 0.95, units, method)


@pytest.mark.parametrize(
    ("measured", "verdict"),
    [
        (iv(1.5, 1.4, 1.6), AGREES),
        (iv(1.1, 1.0, 1.2), DISAGREES),
        (iv(3.0, 2.8, 3.3), DISAGREES),
        (iv(1.3, 1.2, 1.4), UNTESTED),
        (iv(2.4, 2.2, 2.6), UNTESTED),
    ],
)
def test_the_verdict_is_where_the_interval_lies(measured: Interval, verdict: str) -> None:
    assert judge(claim(1.25, 2.5, measured), RUN, {}).verdict == verdict


def test_cannot_tell_says_how_much_more_measuring_would_settle_it() -> None:
    # Half-width ~8% toward the edge, the estimate 4% from it: ~4x the units.
    j = judge(claim(1.25, 2.5, iv(1.30, 1.20, 1.41)), RUN, {})
    assert j.verdict == UNTESTED and "--processes" in j.note
    n = int(j.note.split("--processes ")[1].split()[0])
    assert 10 <= n <= 25
    one_process = RunResult(cases=(), config={"budget": 0.5, "processes": 1})
    j = judge(claim(1.25, 2.5, iv(1.30, 1.20, 1.41, method="blocks", units=20)), one_process, {})
    assert "--budget" in j.note
    budget = float(j.note.split("--budget ")[1].split()[0])
    assert 1.0 < budget < 5.0


def test_an_estimate_on_the_edge_is_not_promised_a_verdict() -> None:
    j = judge(claim(1.25, 2.5, iv(1.251, 1.2, 1.3)), RUN, {})
    assert j.verdict == UNTESTED and "on the claim's edge" in j.note


def test_too_few_units_ask_for_more_of_them_first() -> None:
    rng = Interval(1.3, 1.0, 1.6, 0.75, 3, "blocks")
    j = judge(claim(1.25, 2.5, rng), RUN, {})
    assert "too few for 95%" in j.note and "--budget" in j.note


def test_a_part_measured_on_an_unstable_case_cannot_tell_and_asks_for_a_steadier_machine() -> None:
    # Issue 25: torch at 232 µs with an interval of 19 µs-5.8 ms against numpy at 302 µs ±4%.
    from arraybench.measurement import Measurement
    from arraybench.results import OK, CaseResult

    def case(backend: str, times: tuple[float, ...]) -> CaseResult:
        k = len(times)
        m = Measurement(
            times, 1, times[0], blocks=(1,) * k, rounds=tuple(range(k)), processes=(1,) * k
        )
        return CaseResult("w", "softplus", backend, "cpu", "float64", 10**5, OK, measurement=m)

    torch = case("torch", (0.1e-3, 0.23e-3, 2.0e-3, 0.25e-3))
    numpy = case("numpy", (0.3e-3, 0.31e-3, 0.3e-3, 0.305e-3))
    assert torch.measurement is not None and numpy.measurement is not None
    ratio = time_ratio(numpy.measurement, torch.measurement)
    assert torch.measurement.interval.unstable and ratio.unstable
    for low, high in ((1.0, math.inf), (0.0, 1.0), (0.95, 1.05)):  # faster, slower, the same
        j = judge(claim(low, high, ratio), RUN, {})
        assert j.verdict == UNTESTED, (low, high)
        assert "unstable" in j.note and "--budget or --processes" in j.note


def test_a_missing_measurement_or_an_unmet_condition_cannot_tell_and_says_why() -> None:
    j = judge(claim(1, 2, "the torch case did not run"), RUN, {})
    assert (j.verdict, j.note) == (UNTESTED, "the torch case did not run")
    cond = Claim("q", 1, 2, lambda r, e: iv(1.5, 1.4, 1.6), applies=lambda r: "not MKL here")
    j = judge(cond, RUN, {})
    assert j.verdict == UNTESTED and not j.applicable and j.note == "not MKL here"


def _j(verdict: str, applicable: bool = True) -> Judgement:
    return Judgement(claim(0, 1, "x"), verdict, None, "", applicable)


@pytest.mark.parametrize(
    ("parts", "verdict"),
    [
        ([AGREES, AGREES], AGREES),
        ([AGREES, DISAGREES], PARTLY),
        ([DISAGREES, DISAGREES], DISAGREES),
        ([DISAGREES, UNTESTED], DISAGREES),
        ([AGREES, UNTESTED], UNTESTED),
        ([UNTESTED, UNTESTED], UNTESTED),
        ([AGREES, UNTESTED, DISAGREES], PARTLY),
    ],
)
def test_parts_combine_into_the_experiments_verdict(parts: list[str], verdict: str) -> None:
    v, why = conclude([_j(p) for p in parts])
    assert v == verdict
    assert (why == "") == (verdict == AGREES)


def test_a_part_whose_condition_is_not_met_does_not_count() -> None:
    v, _ = conclude([_j(AGREES), _j(UNTESTED, applicable=False)])
    assert v == AGREES
    v, why = conclude([Judgement(claim(0, 1, "x"), UNTESTED, None, "no MKL", False)])
    assert v == UNTESTED and why == "no MKL"


# -- on a modelled machine -------------------------------------------------------------------------


def two_impls(clock: FakeClock) -> ab.Workload:
    """``base`` takes 1 ms of work, ``slower`` 1.5 ms: a ratio of 1.5 whatever the machine."""
    w = ab.Workload("pair", sizes=(100,), dtypes=("float64",))

    @w.inputs
    def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.standard_normal(n)}

    @w.impl("numpy", label="base")
    def base(x: Any) -> Any:
        clock.advance(1e-3)
        return x

    @w.impl("fake", label="slower")
    def slower(x: Any) -> Any:
        clock.advance(1.5e-3)
        return x

    return w


def _time_of_base(result: RunResult, extra: Mapping[str, Any]) -> Interval | str:
    found = result.find(impl="base")
    if not found or found[0].measurement is None:
        return "base did not run"
    return found[0].measurement.interval


CLAIMS = (
    Claim("slower time / base time", 1.2, 2.0, lambda r, e: _ratio(r), says="about 1.5x"),
    Claim("base time in ms", 0.0, 1.4e-3, _time_of_base, says="under 1.4 ms"),
)


def _ratio(result: RunResult) -> Interval | str:
    (num,) = result.find(impl="slower")
    (den,) = result.find(impl="base")
    assert num.measurement is not None and den.measurement is not None
    return time_ratio(num.measurement, den.measurement)


@pytest.mark.parametrize("machine", ["steady", "two-state"])
def test_slow_spells_turn_a_claim_on_a_time_to_cannot_tell_but_not_one_on_a_ratio(
    machine: str, fake_backend: FakeBackend
) -> None:
    # Work takes 1.85x longer in slow spells of 0.1 s: longer than a block, shorter than the
    # budget, so the case's blocks see both states.
    spells = TwoStateMachine(1.85, 0.1, 0.1, seed=None) if machine == "two-state" else None
    clock = FakeClock(read_cost_ns=50, machine=spells)
    result = ab.run(two_impls(clock), clock=clock, budget=0.5, backends=["numpy", "fake"])
    ratio_part, time_part = (judge(c, result, {}) for c in CLAIMS)
    # Both cases ran in turns, block by block: the spells fall on both and cancel in the ratio.
    assert ratio_part.verdict == AGREES
    assert ratio_part.interval is not None and ratio_part.interval.method == "pairs"
    assert math.isclose(ratio_part.interval.value, 1.5, rel_tol=0.02)
    if machine == "steady":
        assert time_part.verdict == AGREES
    else:
        # 1.0 ms in a fast spell, 1.85 ms in a slow one: the interval holds the claim's edge.
        assert time_part.verdict == UNTESTED
        assert time_part.interval is not None and time_part.interval.contains(1.4e-3)


def test_an_answer_names_the_series_its_claims_were_measured_on() -> None:
    # A summary card draws these, not every series of the workload.
    from arraybench.analysis.claims import Answer
    from arraybench.measurement import Measurement
    from arraybench.results import OK, CaseResult
    from arraybench.suites.experiment import ratio, series, verdict

    def case(impl: str, seconds: float) -> CaseResult:
        m = Measurement(samples=(seconds,) * 6, loops=1, first_call=seconds)
        return CaseResult("w", impl, "numpy", "cpu", "float64", 10, OK, measurement=m)

    run = RunResult(cases=tuple(case(f"impl{i}", 1e-6 * (i + 1)) for i in range(12)))

    def measure(r: RunResult, extra: Mapping[str, Any]) -> Interval:
        a, b = series(r, impl="impl3"), series(r, impl="impl0")
        return ratio(a[10], b[10])

    answer = verdict([Claim("impl3 / impl0", 2.0, 8.0, measure)], run, {}, "text")
    assert answer.series == (
        ("w", "impl0", "numpy", "cpu", "float64"),
        ("w", "impl3", "numpy", "cpu", "float64"),
    )
    assert Answer.from_dict(answer.to_dict()).series == answer.series
    # Files saved before answers named series read with none.
    assert Answer.from_dict({"answer": "a", "verdict": "agrees"}).series == ()
    # Reading a series outside a verdict records nothing anywhere.
    series(run, impl="impl5")
    assert verdict([], run, {}, "text").series == ()
