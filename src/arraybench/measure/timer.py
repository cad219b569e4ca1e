"""The timer: first call, calibration, warm-up, then samples until the CI is tight or time is up.

    first call   timed alone and kept apart (JIT compilation, tracing, allocator and cache warm-up)
    calibrate    loops per sample grow in 1-2-5 steps until a sample lasts MIN_SAMPLE_S
    warm up      calibrated samples, discarded, until WARMUP_FRACTION of the budget is spent
    sample       gc off; t0; loops x call(); sync(last output); t1; gc back on
    stop         95% CI of the median within ±target | budget spent | max_samples reached

The clock is injected; nothing here reads time any other way, so a fake clock with modelled costs
makes every decision reproducible in tests.
"""

from __future__ import annotations

import gc
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..analysis import stats
from ..results import Floor, Measurement
from .clock import Clock

Call = Callable[[], Any]
Sync = Callable[[Any], None]

#: A sample lasts at least this long: 2 ms is >10^4 times perf_counter's resolution and the cost
#: of the two clock reads and the sync, so neither biases a sample by more than a fraction of 1%.
MIN_SAMPLE_S = 2e-3
#: Share of the budget spent warming up after calibration (caches, allocator, branch predictors,
#: CPU frequency) before any sample is kept.
WARMUP_FRACTION = 0.1
#: Never report fewer samples than this, even past the budget: a slower kernel costs more time,
#: but a single sample has no spread and no interval at all.
MIN_SAMPLES = 3
#: The smallest count for which [min, max] is a 95% CI of the median (1 - 2/2^6 = 96.9%).
CONVERGE_MIN_SAMPLES = 6
#: Loops per sample never exceed this (a kernel that fast is measuring the harness anyway).
MAX_LOOPS = 10**8

#: Warn when the interquartile range exceeds this share of the median: the machine was busy, or the
#: kernel's own time varies (torch.utils.benchmark flags the same at IQR/median > 0.1).
SPREAD_WARN = 0.10
#: Warn when the fastest sample is this far below the median: a bimodal timing.
MIN_GAP_WARN = 0.25
#: Warn when a call is within this factor of the harness's own per-call cost.
FLOOR_FACTOR = 10.0


def _sample(call: Call, sync: Sync, loops: int, clock: Clock) -> tuple[int, int]:
    """One sample: ``loops`` calls between two clock reads, device synced before the second."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        out = None
        t0 = clock.now_ns()
        for _ in itertools.repeat(None, loops):
            out = call()
        sync(out)
        t1 = clock.now_ns()
    finally:
        if gc_was_enabled:
            gc.enable()
    return t0, t1


def first_call(call: Call, sync: Sync, clock: Clock) -> tuple[Any, float]:
    """Run ``call`` once, synced, and return (its output, seconds taken)."""
    t0 = clock.now_ns()
    out = call()
    sync(out)
    t1 = clock.now_ns()
    return out, (t1 - t0) / 1e9


def next_125(x: float) -> int:
    """The smallest number of the 1-2-5 series (1, 2, 5, 10, 20, ...) that is >= x."""
    if x <= 1:
        return 1
    exp = math.floor(math.log10(x))
    for m in (1, 2, 5, 10):
        v = m * 10**exp
        if v >= x:
            return int(v)
    return int(10 ** (exp + 1))


@dataclass(frozen=True)
class TimerSettings:
    budget: float = 0.5
    target: float = 0.02
    max_samples: int = 10_000
    min_sample_time: float = MIN_SAMPLE_S


def measure(
    call: Call,
    sync: Sync,
    clock: Clock,
    settings: TimerSettings,
    *,
    first: float,
    floor: Floor | None = None,
) -> Measurement:
    """Calibrate, warm up and sample ``call`` (whose first call, ``first`` seconds, is done).

    Returns:
        A :class:`Measurement` with per-call seconds for each sample and quality warnings.
    """
    budget_ns = settings.budget * 1e9
    start = clock.now_ns()

    # Calibrate: grow loops until one sample is long enough to time well.
    loops = 1
    warmup_calls = 0
    while True:
        t0, t1 = _sample(call, sync, loops, clock)
        warmup_calls += loops
        took = t1 - t0
        if took >= settings.min_sample_time * 1e9 or loops >= MAX_LOOPS:
            break
        if took <= 0:
            loops = min(MAX_LOOPS, loops * 10)
            continue
        wanted = loops * settings.min_sample_time * 1e9 / took
        loops = min(MAX_LOOPS, next_125(max(wanted, 2 * loops)))

    # Warm up until the budget's first slice is spent (calibration counts towards it).
    while t1 - start < WARMUP_FRACTION * budget_ns:
        t0, t1 = _sample(call, sync, loops, clock)
        warmup_calls += loops

    samples: list[float] = []
    next_check = CONVERGE_MIN_SAMPLES
    stop = "budget"
    while True:
        t0, t1 = _sample(call, sync, loops, clock)
        samples.append((t1 - t0) / 1e9 / loops)
        n = len(samples)
        if n >= next_check:
            if stats.relative_halfwidth(samples) <= settings.target:
                stop = "converged"
                break
            # Checking every sample would cost O(n^2 log n); a 10% step keeps it near-linear.
            next_check = n + max(1, n // 10)
        if n >= settings.max_samples:
            stop = "max_samples"
            break
        if n >= MIN_SAMPLES and t1 - start >= budget_ns:
            stop = "budget"
            break

    m = Measurement(
        samples=tuple(samples),
        loops=loops,
        first_call=first,
        warmup_calls=warmup_calls,
        stop=stop,
        elapsed=first + (t1 - start) / 1e9,
    )
    return replace(m, warnings=quality_warnings(m, settings, floor))


def quality_warnings(
    m: Measurement, settings: TimerSettings, floor: Floor | None
) -> tuple[str, ...]:
    """Plain-language warnings about a measurement, each naming the likely cause and the fix."""
    out: list[str] = []
    med = m.median
    n = len(m.samples)
    if med <= 0:
        return (
            "zero time: every sample read zero time: the clock did not advance, so the kernel is "
            "below the clock's resolution",
        )
    spread = m.iqr / med
    if spread > SPREAD_WARN:
        out.append(
            f"high spread: the IQR is {spread:.0%} of the median. Other programs were probably "
            "competing for the CPU, or the kernel's time varies from call to call; close other "
            "programs, fix threads with --threads, or raise --budget"
        )
    gap = (med - m.min) / med
    if gap > MIN_GAP_WARN:
        out.append(
            f"bimodal: the fastest sample is {gap:.0%} below the median (CPU frequency changes, "
            "cache effects or another process); the median is the figure to trust"
        )
    if floor is not None and floor.call_overhead > 0 and med < FLOOR_FACTOR * floor.call_overhead:
        out.append(
            f"near floor: {_fmt(med)} per call is within {FLOOR_FACTOR:.0f}x of "
            f"arraybench's own {_fmt(floor.call_overhead)} per call, so the figure is mostly "
            "Python call overhead; compare with larger sizes"
        )
    if n < CONVERGE_MIN_SAMPLES:
        out.append(
            f"few samples: only {n} (one call takes {_fmt(med)}), so the interval is the min-max "
            f"range at {m.ci_level:.0%} confidence, not 95%; raise --budget above "
            f"{CONVERGE_MIN_SAMPLES * med * m.loops:.1f} s for a 95% interval"
        )
    elif m.stop == "budget" and m.rel_ci > settings.target:
        out.append(
            f"not converged: the 95% CI is ±{m.rel_ci:.1%}, not ±{settings.target:.0%}, after "
            f"the {settings.budget:g} s budget; raise --budget or quiet the machine"
        )
    return tuple(out)


def measure_floor(clock: Clock, min_sample_time: float = MIN_SAMPLE_S) -> Floor:
    """Measure the harness's own costs: a clock read, and one loop iteration calling a no-op."""
    reads = []
    for _ in range(200):
        a = clock.now_ns()
        b = clock.now_ns()
        reads.append(b - a)
    clock_read = stats.median(reads) / 1e9

    def noop() -> None:
        return None

    def nosync(_: Any) -> None:
        return None

    loops = 1
    while True:
        t0, t1 = _sample(noop, nosync, loops, clock)
        if t1 - t0 >= min_sample_time * 1e9 or loops >= 10**6:
            break
        loops *= 10
    per_call = []
    for _ in range(15):
        t0, t1 = _sample(noop, nosync, loops, clock)
        per_call.append((t1 - t0) / loops / 1e9)
    return Floor(clock_read=clock_read, call_overhead=stats.median(per_call))


def _fmt(seconds: float) -> str:
    from ..report.units import format_time

    return format_time(seconds)
