"""The canary: readings through a run, within their share of its time, and the machine's speed
between two runs from them."""

from __future__ import annotations

import math
from typing import Any

import pytest

from arraybench.analysis.canary import readings, speed_change
from arraybench.measure import canary as C
from arraybench.measure.clock import FakeClock


def make(costs: dict[str, float] | None = None) -> tuple[C.Canary, FakeClock, list[float]]:
    clock = FakeClock(read_cost_ns=50)
    factor = [1.0]
    costs = costs or {"python": 20e-6, "copy": 100e-6, "gemm": 10e-6}

    def kernel(cost: float) -> Any:
        return lambda: clock.advance(cost * factor[0])

    return C.Canary(clock, kernels={k: kernel(v) for k, v in costs.items()}), clock, factor


def test_a_reading_is_the_seconds_per_call_of_each_kernel() -> None:
    canary, _, _ = make()
    canary.tick()
    assert len(canary.readings) == 1
    t, r = canary.readings[0]
    assert t == pytest.approx(0.0, abs=1e-6)
    assert r == pytest.approx({"python": 20e-6, "copy": 100e-6, "gemm": 10e-6}, rel=1e-3)


def test_readings_come_at_most_every_half_second_and_within_their_share() -> None:
    canary, clock, _ = make()
    for _ in range(400):  # 400 units of 50 ms of work: a 20 s run
        canary.tick()
        clock.advance(0.05)
    n = len(canary.readings)
    assert 20 <= n <= 20 / C.EVERY_S + 1
    elapsed = clock.now_ns() / 1e9
    assert canary.spent_ns / 1e9 <= C.SHARE * elapsed + 0.02  # one reading's worth of slack
    gaps = [b[0] - a[0] for a, b in zip(canary.readings, canary.readings[1:], strict=False)]
    assert min(gaps) >= C.EVERY_S


def test_a_clock_that_models_no_cost_reads_nothing() -> None:
    clock = FakeClock(read_cost_ns=50)
    canary = C.Canary(clock, kernels={"python": lambda: None})
    canary.tick()
    canary.tick()
    assert canary.readings == []


def record_of(factor_by_time: list[float]) -> dict[str, Any]:
    canary, clock, factor = make()
    for f in factor_by_time:
        factor[0] = f
        canary.read()
        clock.advance(1.0)
    return canary.to_dict()


def test_the_speed_change_between_runs_is_read_from_their_canaries() -> None:
    a = record_of([1.0, 1.02, 0.99, 1.01, 1.0, 0.98, 1.01, 1.0])
    b = record_of([0.91, 0.92, 0.90, 0.91, 0.93, 0.90, 0.91, 0.92])
    change = speed_change(a, b)
    assert change is not None
    assert change.factor == pytest.approx(0.91 / 1.0, rel=0.02)
    assert change.low < change.factor < change.high
    assert change.moved and "faster in B" in change.describe()
    same = speed_change(a, record_of([1.01, 0.99, 1.0, 1.02, 0.98, 1.0, 1.01, 0.99]))
    assert same is not None and not same.moved
    assert "did not change" in same.describe()


def test_records_missing_or_of_another_format_give_no_speed_change() -> None:
    a = record_of([1.0] * 5)
    assert speed_change(a, None) is None
    assert speed_change(a, {**a, "format": 99}) is None
    assert readings({"format": C.FORMAT, "readings": [[0, {"python": math.nan}]]}) is None
    assert speed_change(a, record_of([1.0, 1.0])) is None  # too few readings


def test_records_of_a_session_join_in_turn() -> None:
    a, b = record_of([1.0] * 3), record_of([2.0] * 2)
    joined = C.join(a, b)
    times = [t for t, _ in joined["readings"]]
    assert times == sorted(times) and len(times) == 5
    assert C.join(None, b) == b and C.join(a, {"format": 99}) == a


def test_a_real_run_stores_its_canary(tmp_path: Any) -> None:
    """With the real clock the runner reads the canary through the run and stores it."""
    import numpy as np

    import arraybench as ab

    w = ab.Workload("canary_run", sizes=(1_000,), dtypes=("float64",))

    @w.inputs
    def make_inputs(n: int, rng: np.random.Generator) -> dict[str, Any]:
        return {"x": rng.uniform(0, 1, n)}

    @w.impl("numpy")
    def double(x: Any) -> Any:
        return 2 * x

    result = ab.run(w, budget=0.02)
    record = result.extra.get(C.CANARY_KEY)
    assert record is not None and record["format"] == C.FORMAT
    got = readings(record)
    assert got is not None and set(got) == set(C.KINDS)
    loaded = ab.load(result.save(tmp_path / "r.json"))
    assert readings(loaded.extra[C.CANARY_KEY]) == got
