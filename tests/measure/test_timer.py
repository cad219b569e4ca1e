"""The timer's calibration, warm-up and stopping logic, on a fake clock with modelled costs."""

from __future__ import annotations

import gc

import numpy as np
import pytest

from arraybench.measure.clock import FakeClock
from arraybench.measure.timer import (
    CONVERGE_MIN_SAMPLES,
    MIN_SAMPLE_S,
    MIN_SAMPLES,
    TimerSettings,
    first_call,
    measure,
    measure_floor,
    next_125,
)
from arraybench.results import Floor
from tests.conftest import kernel, noisy


def nosync(_: object) -> None:
    return None


@pytest.mark.parametrize(
    ("x", "expected"),
    [(0.3, 1), (1, 1), (1.5, 2), (2, 2), (3, 5), (7, 10), (11, 20), (2000, 2000), (2001, 5000)],
)
def test_next_125_rounds_up_to_the_1_2_5_series(x: float, expected: int) -> None:
    assert next_125(x) == expected


def test_calibration_makes_a_sample_last_at_least_the_minimum(clock: FakeClock) -> None:
    m = measure(kernel(clock, 1e-6), nosync, clock, TimerSettings(), first=1e-6)
    # 1 µs per call needs 2000 calls for a 2 ms sample; 2000 is on the 1-2-5 series.
    assert m.loops == 2000
    assert m.median == pytest.approx(1e-6, rel=1e-3)


def test_slow_kernel_runs_one_call_per_sample(clock: FakeClock) -> None:
    m = measure(kernel(clock, 0.01), nosync, clock, TimerSettings(), first=0.01)
    assert m.loops == 1


def test_constant_cost_converges_at_the_smallest_sample_count(clock: FakeClock) -> None:
    m = measure(kernel(clock, 1e-5), nosync, clock, TimerSettings(), first=1e-5)
    assert m.stop == "converged"
    assert len(m.samples) == CONVERGE_MIN_SAMPLES
    assert m.rel_ci < 0.02


def test_noisy_kernel_runs_until_the_ci_is_within_target(clock: FakeClock) -> None:
    rng = np.random.default_rng(1)
    settings = TimerSettings(budget=10.0, target=0.02)
    m = measure(kernel(clock, noisy(rng, 1e-4, 0.2)), nosync, clock, settings, first=1e-4)
    assert m.stop == "converged"
    assert m.rel_ci <= 0.02
    assert len(m.samples) > CONVERGE_MIN_SAMPLES


def test_budget_ends_sampling_when_the_target_is_out_of_reach(clock: FakeClock) -> None:
    rng = np.random.default_rng(2)
    settings = TimerSettings(budget=0.05, target=0.001)
    m = measure(kernel(clock, noisy(rng, 1e-3, 0.5)), nosync, clock, settings, first=1e-3)
    assert m.stop == "budget"
    assert any(w.startswith("not converged") for w in m.warnings)
    # The budget bounds the time spent (one sample of slack).
    assert m.elapsed <= 0.05 + 1e-3 + 2 * MIN_SAMPLE_S + 0.01


def test_max_samples_caps_sampling(clock: FakeClock) -> None:
    rng = np.random.default_rng(3)
    settings = TimerSettings(budget=100.0, target=1e-6, max_samples=50)
    m = measure(kernel(clock, noisy(rng, 1e-3, 0.3)), nosync, clock, settings, first=1e-3)
    assert m.stop == "max_samples"
    assert len(m.samples) == 50


def test_kernel_slower_than_the_budget_still_gets_the_minimum_samples(clock: FakeClock) -> None:
    m = measure(kernel(clock, 2.0), nosync, clock, TimerSettings(budget=0.5), first=2.5)
    assert len(m.samples) == MIN_SAMPLES
    assert m.first_call == 2.5
    assert any(w.startswith("few samples") for w in m.warnings)
    assert m.ci_level < 0.95


def test_first_call_is_timed_apart_and_returns_the_output(clock: FakeClock) -> None:
    out, t = first_call(kernel(clock, 0.3, out="result"), nosync, clock)
    assert out == "result"
    assert t == pytest.approx(0.3, abs=1e-6)


def test_sync_cost_is_inside_the_clock_once_per_sample(clock: FakeClock) -> None:
    # Modelled device: the call returns at once, the work (1 ms per call) is paid at sync.
    pending = []

    def call() -> None:
        pending.append(1e-3)

    def sync(_: object) -> None:
        clock.advance(sum(pending))
        pending.clear()

    m = measure(call, sync, clock, TimerSettings(), first=1e-3)
    # Without the sync inside the clock the median would be ~0.
    assert m.median == pytest.approx(1e-3, rel=1e-3)


def test_gc_is_off_inside_samples_and_restored_after(clock: FakeClock) -> None:
    states = []

    def call() -> None:
        states.append(gc.isenabled())
        clock.advance(1e-3)

    assert gc.isenabled()
    measure(call, nosync, clock, TimerSettings(budget=0.02), first=1e-3)
    assert states and not any(states)
    assert gc.isenabled()


def test_high_spread_is_flagged_with_cause_and_fix(clock: FakeClock) -> None:
    rng = np.random.default_rng(4)
    m = measure(
        kernel(clock, noisy(rng, 5e-3, 0.4)), nosync, clock, TimerSettings(budget=0.2), first=5e-3
    )
    spread = [w for w in m.warnings if w.startswith("high spread")]
    assert spread and "--budget" in spread[0]


def test_kernel_near_the_harness_floor_is_flagged(clock: FakeClock) -> None:
    floor = Floor(clock_read=5e-8, call_overhead=3e-8)
    m = measure(kernel(clock, 1e-7), nosync, clock, TimerSettings(), first=1e-7, floor=floor)
    assert any(w.startswith("near floor") for w in m.warnings)
    m2 = measure(kernel(clock, 1e-5), nosync, clock, TimerSettings(), first=1e-5, floor=floor)
    assert not any(w.startswith("near floor") for w in m2.warnings)


def test_same_modelled_kernel_gives_identical_measurements() -> None:
    results = []
    for _ in range(2):
        clock = FakeClock(read_cost_ns=50)
        rng = np.random.default_rng(7)
        results.append(
            measure(
                kernel(clock, noisy(rng, 2e-5, 0.1)), nosync, clock, TimerSettings(), first=2e-5
            )
        )
    assert results[0] == results[1]


def test_floor_measures_clock_read_cost() -> None:
    clock = FakeClock(read_cost_ns=80)
    floor = measure_floor(clock)
    assert floor.clock_read == pytest.approx(80e-9)
    assert floor.call_overhead >= 0


def test_real_clock_floor_is_positive_and_small() -> None:
    from arraybench.measure.clock import PerfCounterClock

    floor = measure_floor(PerfCounterClock())
    # No wall-clock assertion on speed: only that the figures are sane numbers.
    assert 0 < floor.call_overhead < 1e-3
    assert 0 <= floor.clock_read < 1e-3


def test_bound_arguments_reach_the_function_through_the_compiled_loop(clock: FakeClock) -> None:
    import functools

    from arraybench.measure.timer import _sample

    seen: list[tuple[object, ...]] = []

    def kernel(a: int, b: str) -> str:
        seen.append((a, b))
        clock.advance(1e-6)
        return b

    synced: list[object] = []
    t0, t1 = _sample(functools.partial(kernel, 1, "x"), synced.append, 5, clock)
    assert seen == [(1, "x")] * 5 and synced == ["x"]
    assert (t1 - t0) == pytest.approx(5e-6 * 1e9 + 50, abs=1)  # 5 calls and one clock read
