"""The timer's calibration, warm-up and stopping logic, on a fake clock with modelled costs."""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import pytest

from arraybench.base import stats
from arraybench.measure.clock import FakeClock, TwoStateMachine
from arraybench.measure.timer import (
    BLOCKS_PER_BUDGET,
    MIN_SAMPLE_S,
    MIN_SAMPLES,
    RETAKES,
    Sampler,
    TimerSettings,
    first_call,
    measure,
    measure_floor,
    next_125,
)
from arraybench.measurement import Measurement
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


def test_samples_fill_the_budget_in_blocks(clock: FakeClock) -> None:
    settings = TimerSettings(budget=0.5)
    m = measure(kernel(clock, 1e-5), nosync, clock, settings, first=1e-5)
    assert m.stop == "budget"
    assert m.blocks is not None and m.rounds is not None
    assert sum(m.blocks) == len(m.samples)
    # About BLOCKS_PER_BUDGET blocks of equal size, the last one cut short by the budget.
    assert BLOCKS_PER_BUDGET - 3 <= len(m.blocks) <= BLOCKS_PER_BUDGET + 1
    assert len(set(m.blocks[:-1])) == 1 and m.blocks[0] > 1
    assert len(set(m.rounds)) == len(m.rounds)  # alone, each block is its own round
    # The samples span the budget: the case's time is its budget, give or take one sample.
    assert m.elapsed == pytest.approx(0.5 + 1e-5, abs=2 * MIN_SAMPLE_S)
    assert m.rel_ci < 0.02


def test_noisy_kernel_reaches_the_target_with_a_long_budget(clock: FakeClock) -> None:
    rng = np.random.default_rng(1)
    settings = TimerSettings(budget=10.0, target=0.02)
    m = measure(kernel(clock, noisy(rng, 1e-4, 0.2)), nosync, clock, settings, first=1e-4)
    assert m.stop == "budget"
    assert m.rel_ci <= 0.02
    assert not any(w.startswith("not converged") for w in m.warnings)
    # Call-to-call noise and nothing else: the blocks agree, and noise within them dominates.
    assert m.dominant == "within"


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
    few = [w for w in m.warnings if w.startswith("few samples")]
    assert few and "[min-max] range" in few[0] and "--budget" in few[0]
    assert m.ci_level < 0.95
    assert not m.interval.confident
    assert m.ci == (min(m.samples), max(m.samples))


def test_a_call_longer_than_the_budget_keeps_its_calibration_call_as_a_sample(
    clock: FakeClock,
) -> None:
    """A process's share of the budget is 0.125 s and one call takes 0.9 s: the calibration's
    call is timed as a sample is, and warming up with a second one would spend the budget
    seven times over, so it is the first block; in several processes one block each is what
    the interval needs (min_samples=1), so the process pays one call after its first."""
    settings = TimerSettings(budget=0.125, min_samples=1)
    s = Sampler(kernel(clock, 0.9), nosync, clock, settings, first=1.0)
    s.warm_up()
    assert not s.samples  # kept for the first round, taken beside the other cases' blocks
    assert s.step(round_id=7)
    m = s.result()
    assert m.samples == pytest.approx((0.9,), rel=1e-6)
    assert m.warmup_calls == 0 and m.blocks == (1,) and m.rounds == (7,)
    assert m.elapsed == pytest.approx(1.0 + 0.9, rel=1e-6)
    # In one process the minimum is MIN_SAMPLES blocks: the calibration call is one of them.
    m = measure(kernel(clock, 0.9), nosync, clock, TimerSettings(budget=0.5), first=1.0)
    assert len(m.samples) == MIN_SAMPLES and m.warmup_calls == 0
    assert m.elapsed == pytest.approx(1.0 + MIN_SAMPLES * 0.9, rel=1e-6)
    # A call shorter than the budget warms up as before: its calibration call is thrown away.
    m = measure(kernel(clock, 0.09), nosync, clock, TimerSettings(budget=0.5), first=0.09)
    assert m.warmup_calls == 1 and len(m.samples) >= MIN_SAMPLES


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


def test_a_fake_clocks_floor_is_measured_once_per_read_cost_and_its_reads_replayed() -> None:
    # Measuring it makes ~16 million no-op calls; a run on a fake clock with a known read cost
    # takes the figures from the first and leaves the clock where measuring would have.
    from arraybench.measure import sampling

    sampling._fake_floors.pop(70, None)
    measured, remembered = FakeClock(read_cost_ns=70), FakeClock(read_cost_ns=70)
    first = sampling._floor(measured)
    assert 70 in sampling._fake_floors and first == measure_floor(FakeClock(read_cost_ns=70))
    assert sampling._floor(remembered) == first
    assert (remembered.reads, remembered.time_ns) == (measured.reads, measured.time_ns)
    assert sampling._floor(FakeClock(read_cost_ns=90)).clock_read == pytest.approx(90e-9)


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


def test_the_timing_loop_holds_one_output_at_a_time(clock: FakeClock) -> None:
    """Each output but the last is freed when its call returns (as timeit does, and as a user's
    ``y = f(x)`` does): no call runs while the previous output is still alive, and the sync gets
    the last output."""
    import weakref

    from arraybench.measure.timer import _sample

    class Out:
        pass

    alive: list[weakref.ref[Out]] = []
    held_at_call: list[int] = []

    def kernel() -> Out:
        held_at_call.append(sum(r() is not None for r in alive))
        clock.advance(1e-6)
        out = Out()
        alive.append(weakref.ref(out))
        return out

    synced: list[Out] = []
    _sample(kernel, synced.append, 6, clock)
    assert held_at_call == [0] * 6
    assert len(synced) == 1 and synced[0] is alive[-1]()


# -- a machine with slow spells ------------------------------------------------------------------


def two_state_clock(
    seed: int | None = 0, fast_s: float = 0.1, slow_s: float = 0.1, start_s: float = 0.0
) -> FakeClock:
    """A fake clock on a machine whose work takes 1.85x longer in slow spells of ~0.1 s: longer
    than a block (25 ms at a 0.5 s budget), shorter than the budget. ``seed=None``: every spell
    lasts exactly its mean."""
    clock = FakeClock(read_cost_ns=50, machine=TwoStateMachine(1.85, fast_s, slow_s, seed=seed))
    clock._t = round(start_s * 1e9)
    return clock


def test_the_two_state_machine_stretches_work_in_slow_spells() -> None:
    clock = two_state_clock()
    seen = set()
    for _ in range(2000):
        t0 = clock.time_ns
        clock.advance(1e-3)
        seen.add(round((clock.time_ns - t0) / 1e6, 2))
    assert seen == {1.0, 1.85}


def test_interval_widens_to_cover_both_states_of_the_machine() -> None:
    rng = np.random.default_rng(0)
    clock = two_state_clock(seed=None)
    m = measure(kernel(clock, noisy(rng, 1e-3, 0.02)), nosync, clock, TimerSettings(), first=1e-3)
    lo, hi = m.ci
    # The kernel reads ~1.00 ms in a fast spell and ~1.85 ms in a slow one, and the machine spent
    # half of the budget in each: which one the next run lands in is chance, so the interval
    # holds both.
    assert lo <= 1.0e-3 * 1.05 and hi >= 1.85e-3 * 0.95, (lo, hi)
    assert m.dominant == "between"
    assert any(w.startswith("drift") for w in m.warnings)


def measure_in_processes(start_s: float, seed: int, n: int = 4) -> Measurement:
    """One case measured as ``n`` processes would: one share of the budget each, one after
    another (each process's share lands elsewhere on the machine's timeline), combined."""
    rng = np.random.default_rng(seed)
    clock = two_state_clock(seed, fast_s=0.5, slow_s=0.5, start_s=start_s)
    parts = []
    for _ in range(n):
        settings = TimerSettings(budget=0.5 / n, min_samples=1)
        parts.append(
            measure(kernel(clock, noisy(rng, 1e-3, 0.02)), nosync, clock, settings, first=0)
        )
        clock.advance(1.0)  # the other cases of the size group take their turn in between
    return Measurement.combine(parts)


def test_spells_longer_than_a_process_share_land_between_processes() -> None:
    """Slow spells of ~0.5 s, longer than a process's share of the budget: each process sees
    one state, the processes disagree, and the repeat interval across them covers other runs'
    medians in most pairs (on every seed of the machine's timeline)."""
    runs = [measure_in_processes(start_s=7.3 * k, seed=k) for k in range(30)]
    medians = [m.median for m in runs]
    hits = sum(
        runs[i].ci[0] <= medians[j] <= runs[i].ci[1]
        for i in range(len(runs))
        for j in range(len(runs))
        if i != j
    )
    coverage = hits / (len(runs) * (len(runs) - 1))
    assert coverage >= 0.8, coverage
    assert all(m.interval.method == "processes" for m in runs)
    # The same runs read inside each process alone would have held far fewer.
    naive = [stats.median_interval(m.block_medians, "blocks") for m in runs]
    naive_hits = sum(
        naive[i].low <= medians[j] <= naive[i].high
        for i in range(len(runs))
        for j in range(len(runs))
        if i != j
    )
    assert naive_hits / (len(runs) * (len(runs) - 1)) < coverage


def test_samples_taken_back_to_back_would_have_hidden_the_slow_spells() -> None:
    """The interval from samples as units (what arraybench did before blocks) is far narrower
    than the states the machine moves between: the same samples, read two ways."""
    rng = np.random.default_rng(0)
    clock = two_state_clock(seed=None)
    m = measure(kernel(clock, noisy(rng, 1e-3, 0.02)), nosync, clock, TimerSettings(), first=1e-3)
    naive = stats.median_interval(m.samples, "samples")
    assert naive.rel_halfwidth < m.rel_ci / 2


def test_steady_machine_gives_a_narrow_interval_in_the_same_setting() -> None:
    rng = np.random.default_rng(0)
    clock = FakeClock(read_cost_ns=50)
    m = measure(kernel(clock, noisy(rng, 1e-3, 0.02)), nosync, clock, TimerSettings(), first=1e-3)
    assert m.rel_ci < 0.02
    assert not any(w.startswith("drift") for w in m.warnings)


def test_two_cases_sampled_in_turns_share_rounds_and_their_ratio_cancels_the_spells() -> None:
    from arraybench.measurement import time_ratio

    widths, moved = [], 0
    for seed in range(8):  # machines with spells of their own
        rng = np.random.default_rng(3)
        clock = two_state_clock(seed=seed)
        a = Sampler(kernel(clock, noisy(rng, 1e-3, 0.02)), nosync, clock, TimerSettings(), first=0)
        b = Sampler(kernel(clock, noisy(rng, 3e-3, 0.02)), nosync, clock, TimerSettings(), first=0)
        a.warm_up()
        b.warm_up()
        while not (a.done and b.done):
            rid = clock.now_ns()
            for s in (a, b):
                if not s.done:
                    s.step(rid)
        ma, mb = a.result(), b.result()
        assert set(ma.rounds or ()) & set(mb.rounds or ())
        r = time_ratio(mb, ma)
        assert r.method == "pairs"
        # Each time alone moves by 1.85x with the machine; their ratio holds 3.0
        moved += ma.rel_ci > 0.2 and mb.rel_ci > 0.2
        assert r.low <= 3.0 <= r.high
        widths.append(r.rel_halfwidth)
    # ...within a few % on most machines (a round that straddles a change of spell, one case's
    # block in each, is an outlier that an interval of ~14 rounds' ratios may end on)
    assert sorted(widths)[len(widths) // 2] < 0.05 and sum(w < 0.05 for w in widths) >= 6
    assert moved >= 4


class _Uncounting(FakeClock):
    """A clock on a system that does not count preemptions (macOS, Windows)."""

    def preemptions(self) -> None:  # type: ignore[override]
        return None


def _preempted_kernel(
    clock: FakeClock, cost: float, p: float, seed: int = 0, off_cpu: float = 0.0
) -> Any:
    """``cost`` seconds a call (``off_cpu`` of them waiting for a device), and with probability
    ``p`` the scheduler then stops the thread for 10 ms (another program's turn)."""
    rng = np.random.default_rng(seed)

    def call() -> None:
        clock.advance(cost * (1 - off_cpu))
        if off_cpu:
            clock.wait(cost * off_cpu)
        if rng.random() < p:
            clock.preempt(0.01)

    return call


def test_a_sample_the_scheduler_stopped_is_taken_again_and_counted() -> None:
    # 0.21 ms a call is 10 loops a sample: at 12% a call, 72% of samples are stopped, so their
    # median holds 1 ms of another program's time a call; taken again, they do not
    settings = TimerSettings(budget=0.5)
    clock = FakeClock()
    m = measure(_preempted_kernel(clock, 2.1e-4, 0.12), nosync, clock, settings, first=2.1e-4)
    assert m.loops == 10
    assert m.median == pytest.approx(2.1e-4, rel=1e-6)
    assert m.preempted > 0.2 * (len(m.samples) + m.preempted)
    assert any(w.startswith("busy machine:") for w in m.warnings)
    assert Measurement.from_dict(m.to_dict()).preempted == m.preempted

    blind = _Uncounting()
    b = measure(_preempted_kernel(blind, 2.1e-4, 0.12), nosync, blind, settings, first=2.1e-4)
    assert b.preempted == 0 and b.median > 2 * 2.1e-4  # what the retakes take out


def test_side_by_side_cases_of_other_sample_lengths_keep_their_ratio_on_a_busy_machine() -> None:
    # 1.1 ms (2 loops a sample) against 0.21 ms (10 loops): the longer sample is stopped more
    # often, and without the retakes the ratio read far from its true 0.19
    settings = TimerSettings(budget=0.5)
    ratios = {}
    for clock in (FakeClock(), _Uncounting()):
        a = measure(_preempted_kernel(clock, 1.1e-3, 0.12, 1), nosync, clock, settings, first=0)
        b = measure(_preempted_kernel(clock, 2.1e-4, 0.12, 2), nosync, clock, settings, first=0)
        ratios[type(clock).__name__] = b.median / a.median
    assert ratios["FakeClock"] == pytest.approx(2.1e-4 / 1.1e-3, rel=1e-6)
    assert ratios["_Uncounting"] > 2 * 2.1e-4 / 1.1e-3


def test_a_machine_busy_all_the_time_keeps_its_samples_after_retaking_a_few_blocks() -> None:
    clock = FakeClock()
    m = measure(
        _preempted_kernel(clock, 1e-3, 1.0), nosync, clock, TimerSettings(budget=0.2), first=0
    )
    assert m.stop == "budget" and len(m.samples) >= MIN_SAMPLES
    assert m.blocks is not None
    # at most RETAKES times each block taken again, then kept
    assert m.preempted <= (RETAKES + 1) * sum(m.blocks)
    assert m.median == pytest.approx(1e-3 + 0.01 / m.loops, rel=1e-6)  # kept, as measured


def test_an_interrupted_sample_of_a_call_on_the_cpu_is_read_by_the_threads_cpu_time() -> None:
    # a call that runs on this thread's CPU all along: once its uninterrupted samples show it,
    # its interrupted samples are read by the thread's CPU time and kept, none taken again
    clock = FakeClock()
    m = measure(_preempted_kernel(clock, 2.1e-4, 0.05), nosync, clock, TimerSettings(), first=0)
    assert max(m.samples) == pytest.approx(2.1e-4, rel=1e-6)
    assert m.preempted > 0.2 * len(m.samples)  # counted, and kept as their CPU time

    # a call that waits for a device a fifth of its time cannot be read by CPU time: its
    # interrupted samples are taken again, so the same budget keeps fewer
    clock = FakeClock()
    call = _preempted_kernel(clock, 2.1e-4, 0.05, off_cpu=0.2)
    w = measure(call, nosync, clock, TimerSettings(), first=0)
    assert w.median == pytest.approx(2.1e-4, rel=1e-6) and w.preempted > 0
    assert len(w.samples) < 0.8 * len(m.samples)
