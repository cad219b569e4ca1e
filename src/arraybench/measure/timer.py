"""The timer: first call, calibration, warm-up, then blocks of samples over the whole budget.

    first call   timed alone and kept apart (JIT compilation, tracing, allocator and cache warm-up)
    calibrate    loops per sample grow in 1-2-5 steps until a sample lasts ENOUGH x MIN_SAMPLE_S
                 (again, up to RECALIBRATIONS times, when the library compiled while calibrating)
    warm up      calibrated samples, discarded, until WARMUP_FRACTION of the budget is spent
                 (a single call longer than the whole budget: its calibration call is kept as
                 the first block instead; the first call warmed what a call that long needs)
    sample       gc off; t0; loops x call(); sync(last output); t1; gc back on
    block        samples back to back for about budget / BLOCKS_PER_BUDGET (at least one)
    stop         budget spent (and MIN_SAMPLES taken) | max_samples reached
    compiles     the library's count of compilations read around each block: a case that
                 compiled in most of its blocks keeps compiling (keeps_compiling), and its
                 samples are not a steady time

The runner gives the cases of one size one block each in turn, round after round (see
:class:`Sampler`), so every case's blocks are spread over the same stretch of time. Intervals rest
on the blocks (:attr:`~arraybench.measurement.Measurement.interval`): a machine that changes speed
for seconds at a time shows up as blocks that disagree, and the interval widens to hold them.

The clock is injected; nothing here reads time any other way, so a fake clock with modelled costs
makes every decision reproducible in tests.
"""

from __future__ import annotations

import functools
import gc
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..base import stats
from ..measurement import Measurement
from ..results import Floor
from .clock import Clock

Call = Callable[[], Any]
Sync = Callable[[Any], None]

#: A sample lasts at least this long: 2 ms is >10^4 times perf_counter's resolution and the cost
#: of the two clock reads and the sync, so neither biases a sample by more than a fraction of 1%.
MIN_SAMPLE_S = 2e-3
#: A block takes at most this many times its samples again when the scheduler stopped them.
RETAKES = 3
#: ...when the thread waited for more than this share of the sample (a switch to another
#: thread that took a few microseconds of a 2 ms sample costs the figure nothing).
WAITED = 0.01
#: A call is on the CPU when this many uninterrupted samples each ran on the thread's CPU for at
#: least ON_CPU of their wall time: its interrupted samples are then read by the thread's CPU time.
ON_CPU_SAMPLES = 5
ON_CPU = 0.98
#: Warn of a busy machine when at least this share of the samples was preempted and taken again.
BUSY_WARN = 0.2
#: Calibration ends on the fastest of this many takes of a sample that lasted long enough...
CONFIRM = 3
#: ...when it lasted less than this many times MIN_SAMPLE_S (a single longer call is taken once).
CONFIRM_BELOW = 10
#: A take that lasts this share of MIN_SAMPLE_S is long enough: growing the loops would at least
#: double them, and a function read beside a near twin (another version of it) whose per-call
#: time is a little over or under half the mark would get other loops than its twin.
ENOUGH = 0.8
#: Share of the budget spent warming up after calibration (caches, allocator, branch predictors,
#: CPU frequency) before any sample is kept.
WARMUP_FRACTION = 0.1
#: Never report fewer samples than this, even past the budget: a slower kernel costs more time,
#: but a single sample has no spread and no interval at all.
MIN_SAMPLES = 3
#: The smallest count of blocks for which [min, max] is a 95% CI of the median (1 - 2/2^6 = 96.9%).
MIN_BLOCKS_95 = stats.MIN_UNITS_95
#: The budget is cut into about this many blocks. Each block is a unit of the interval, so more
#: blocks give a narrower order-statistics CI (20 blocks: ranks 6..15, 95.9%), and each must hold
#: enough samples that its median is steady; at the default 0.5 s a block is 25 ms, about a dozen
#: samples of 2 ms.
BLOCKS_PER_BUDGET = 20
#: Loops per sample never exceed this (a kernel that fast is measuring the harness anyway).
MAX_LOOPS = 10**8

#: Calibrations tried again when the library compiled during one (its calls then measured a
#: compilation, not the kernel: a JAX case sampled after a setting changed compiled every op in
#: its one calibration call, which was kept as its only sample).
RECALIBRATIONS = 3
#: A case that compiled in at least this share of its timed blocks keeps compiling: its samples
#: hold compilations, so its time is no steady time (a one-off recompile in a block or two is a
#: warning instead: the median over blocks stands).
COMPILING_SHARE = 0.5
#: With no count of the library's compilations, a steady time this close to a first call that
#: compiled is named: it may compile on every call.
NEAR_FIRST_CALL = 0.5

#: Warn when the interquartile range exceeds this share of the median: the machine was busy, or the
#: kernel's own time varies (torch.utils.benchmark flags the same at IQR/median > 0.1).
SPREAD_WARN = 0.10
#: Warn when the fastest sample is this far below the median: a bimodal timing.
MIN_GAP_WARN = 0.25
#: Warn when a call is within this factor of the harness's own per-call cost.
FLOOR_FACTOR = 10.0
#: Name the drift between blocks when their medians spread by more than this (robust SD) and
#: more than call-to-call noise explains.
DRIFT_WARN = 0.03
#: Name the process effect when the processes' medians spread by more than this (SD of logs) and
#: more than the blocks inside each explain.
PROCESS_WARN = 0.02


@functools.lru_cache(maxsize=32)
def _loop_for(nargs: int) -> Callable[..., tuple[int, int]]:
    """A timing loop compiled for a call with ``nargs`` positional arguments held in locals.

    This is how timeit times a statement: the call in the loop costs what the same call costs in
    the user's own code, with no wrapper in between. Each output but the last is dropped as soon
    as its call returns, as timeit drops it, so one output at a time is alive: holding the
    previous one while the next is computed kept two large results alive (two 800 kB arrays for
    an add of 1e5 float64), and timeit itself reads 8% slower made to hold its result. The last
    output is kept for the sync, which waits for the device's queue. A ``functools.partial``
    called in a loop adds ~25 ns to every call (benchmarks/peers.py measured arraybench's harness
    at 36 ns per call against timeit's 8 before this), which is most of a sub-microsecond kernel.
    """
    names = ", ".join(f"_a{i}" for i in range(nargs))
    source = (
        f"def _loop(_it, _fn, _sync, _now{', ' + names if names else ''}):\n"
        "    _t0 = _now()\n"
        "    for _ in _it:\n"
        f"        _fn({names})\n"
        f"    _out = _fn({names})\n"
        "    _sync(_out)\n"
        "    return _t0, _now()\n"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, "<arraybench timing loop>", "exec"), namespace)
    loop: Callable[..., tuple[int, int]] = namespace["_loop"]
    return loop


def _sample(call: Call, sync: Sync, loops: int, clock: Clock) -> tuple[int, int]:
    """One sample: ``loops`` calls between two clock reads, device synced before the second.

    A partial with positional arguments only (what the runner binds) is unpacked into a compiled
    loop that calls the function directly with its arguments (see :func:`_loop_for`).
    """
    if isinstance(call, functools.partial) and not call.keywords:
        fn, args = call.func, call.args
    else:
        fn, args = call, ()
    loop = _loop_for(len(args))
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        t0, t1 = loop(itertools.repeat(None, loops - 1), fn, sync, clock.now_ns, *args)
    finally:
        if gc_was_enabled:
            gc.enable()
    return t0, t1


def _uncounted() -> int | None:
    """A clock that does not count preemptions."""
    return None


def _no_thread_time() -> int:
    """A clock that cannot tell the thread's time: every sample reads as having waited."""
    return 0


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
    #: samples taken even past the budget (one per process when several share a case: each
    #: process's median is a unit of the interval)
    min_samples: int = MIN_SAMPLES


class Sampler:
    """The measurement of one case, a block of samples at a time, so that cases can take turns.

    Cases of one size are sampled in rounds (A B C A B C ...), one block each per round, until
    each has spent its budget: a slow spell of the machine (another program, a busy neighbour, a
    frequency change) then falls on every case alike, and on some blocks and not others, so it
    widens each case's interval and cancels in the ratio of two cases. The budget counts the
    case's own time: calibration, warm-up and samples.

        s = Sampler(call, sync, clock, settings, first=..., floor=...)
        s.warm_up()
        while not s.step(round_id): ...      # or interleave step() across several samplers
        m = s.result()
    """

    def __init__(
        self,
        call: Call,
        sync: Sync,
        clock: Clock,
        settings: TimerSettings,
        *,
        first: float,
        floor: Floor | None = None,
        first_cache: str | None = None,
        compilations: Callable[[], int | None] | None = None,
        counts_compilations: bool = True,
    ) -> None:
        self.call, self.sync, self.clock = call, sync, clock
        self.settings, self.first, self.floor = settings, first, floor
        self.first_cache = first_cache
        #: the library's count of compilations in this process (None: it cannot count), and
        #: whether it counts each one (False: it only grows when one happened)
        self._compilations = compilations
        self._counts = counts_compilations
        #: compilations during each block (None once the library cannot count them)
        self.compiles: list[int] | None = [] if compilations is not None else None
        self.loops = 1
        self.per_block = 1
        self.warmup_calls = 0
        self.spent_ns = 0
        #: samples the scheduler interrupted (read by their CPU time, or taken again)
        self.preempted = 0
        #: the CPU time over the wall time of the first uninterrupted samples
        self._on_cpu: list[float] = []
        self._preemptions: Callable[[], int | None] = getattr(clock, "preemptions", _uncounted)
        self._ran: Callable[[], int] = getattr(clock, "thread_ns", _no_thread_time)
        #: the last take: the thread's CPU time in it, and whether another program held it up
        self._cpu = 0
        self._waited = False
        self.samples: list[float] = []
        self.blocks: list[int] = []
        self.rounds: list[int] = []
        self.stop: str | None = None
        #: the calibration call kept as the first block's sample (see warm_up)
        self._kept: float | None = None

    @property
    def on_cpu(self) -> bool:
        """Whether the call's uninterrupted samples spent their whole time on this thread's
        CPU (ON_CPU_SAMPLES of them, each at least ON_CPU of its wall time): a single-threaded
        call that waits for nothing, whose interrupted samples can be read by CPU time."""
        return len(self._on_cpu) >= ON_CPU_SAMPLES and min(self._on_cpu) >= ON_CPU

    def _take(self) -> int:
        """One sample's nanoseconds; ``_cpu`` and ``_waited`` say how long the thread ran in
        it and whether another program interrupted it (calibration's and warm-up's takes
        included: the first uninterrupted ones tell whether the call runs on the CPU)."""
        before, ran0 = self._preemptions(), self._ran()
        t0, t1 = _sample(self.call, self.sync, self.loops, self.clock)
        took = t1 - t0
        self.spent_ns += took
        self._cpu = self._ran() - ran0
        switched = before is not None and (self._preemptions() or 0) > before
        self._waited = switched and took - self._cpu > WAITED * took
        if not switched and took > 0 and len(self._on_cpu) < ON_CPU_SAMPLES:
            self._on_cpu.append(self._cpu / took)
        return took

    def _compiled(self) -> int | None:
        return self._compilations() if self._compilations is not None else None

    def warm_up(self) -> None:
        """Calibrate loops per sample, warm up for WARMUP_FRACTION of the budget, and size the
        blocks so that the budget holds about BLOCKS_PER_BUDGET of them.

        A calibration during which the library compiled timed the compilation: it starts again
        from one loop (at most RECALIBRATIONS times), and its call is never kept as a sample.

        A single call longer than the whole budget is its own warm-up (the first call, kept
        apart, warmed the caches and the allocator, and a call that long warms them within
        itself): the calibration's call, timed as a sample is, becomes the first block (in the
        first round, beside the other cases' first blocks) rather than spending the budget
        again on a call thrown away.
        """
        budget_ns = self.settings.budget * 1e9
        for attempt in range(RECALIBRATIONS + 1):
            before = self._compiled()
            took, calls = self._calibrate()
            compiled = before is not None and self._compiled() != before
            if not compiled:
                break
            if attempt < RECALIBRATIONS:
                self.warmup_calls += self.loops
                self.loops = 1
        if not compiled and calls == 1 and self.loops == 1 and took >= budget_ns:
            self._kept = took / 1e9
            return
        self.warmup_calls += self.loops
        while self.spent_ns < WARMUP_FRACTION * budget_ns:
            took = self._take()
            self.warmup_calls += self.loops
        block_ns = budget_ns / BLOCKS_PER_BUDGET
        self.per_block = max(1, int(block_ns // max(took, 1)))

    def _calibrate(self) -> tuple[int, int]:
        """Loops per sample grown in 1-2-5 steps until a sample lasts ``min_sample_time``: the
        last sample's nanoseconds, and how many samples it took."""
        target_ns = self.settings.min_sample_time * 1e9
        calls = 0
        while True:
            took = self._take()
            calls += 1
            enough = ENOUGH * target_ns
            if enough <= took < CONFIRM_BELOW * target_ns and self.loops < MAX_LOOPS:
                # on a busy machine a sample the scheduler stopped reads long, and would end
                # the calibration with too few loops: the fastest of CONFIRM takes decides (two
                # cases read side by side with samples of 0.5 and 2.5 ms are not alike there:
                # the longer is preempted far more often, and their ratio read 0.33-0.63 for
                # one function against itself)
                for _ in range(CONFIRM - 1):
                    self.warmup_calls += self.loops
                    took = min(took, self._take())
                    calls += 1
                    if took < enough:
                        break
            if took >= enough or self.loops >= MAX_LOOPS:
                return took, calls
            self.warmup_calls += self.loops
            if took <= 0:
                self.loops = min(MAX_LOOPS, self.loops * 10)
                continue
            wanted = self.loops * target_ns / took
            self.loops = min(MAX_LOOPS, next_125(max(wanted, 2 * self.loops)))

    def _stop_if_spent(self) -> bool:
        """Set ``stop`` when the samples are enough: max_samples, or the budget spent."""
        n = len(self.samples)
        if n >= self.settings.max_samples:
            self.stop = "max_samples"
        elif n >= self.settings.min_samples and self.spent_ns >= self.settings.budget * 1e9:
            self.stop = "budget"
        return self.stop is not None

    @property
    def done(self) -> bool:
        return self.stop is not None

    def step(self, round_id: int | None = None) -> bool:
        """Take one block of samples; return True once sampling has ended (why is in ``stop``).

        Args:
            round_id: the round this block belongs to (the runner's clock reading when the
                round began, shared by the cases sampled side by side); None: read the clock.
        """
        if self.stop is not None:
            return True
        rid = self.clock.now_ns() if round_id is None else round_id
        before = self._compiled()
        taken = 0
        if self._kept is not None:  # the calibration call of a call longer than the budget
            self.samples.append(self._kept)
            self._kept = None
            taken = 1
            self._stop_if_spent()
        again = RETAKES * self.per_block  # samples this block may take again
        while taken < self.per_block and self.stop is None:
            took = self._take()
            if self._waited:
                # the scheduler stopped this thread during the sample for more than WAITED of
                # it, so it holds another process's time. Samples of other lengths are
                # preempted at other rates, so keeping it would bias a case against another
                # measured beside it (2- and 5-loop samples of one function read 0.56x)
                self.preempted += 1
                if self.on_cpu:
                    # its uninterrupted samples ran on this thread's CPU all along (one
                    # thread's work, no device or I/O to wait for): the thread's CPU time is
                    # the sample's own time, and nothing is taken again
                    took = self._cpu
                elif again > 0:
                    # taken again, up to RETAKES blocks' worth (a machine busy all the time
                    # keeps them, and the interval widens)
                    again -= 1
                    self._stop_if_spent()
                    continue
            self.samples.append(took / 1e9 / self.loops)
            taken += 1
            self._stop_if_spent()
        if not taken:  # the budget ran out on samples taken again: no block
            return self.stop is not None
        self.blocks.append(taken)
        self.rounds.append(rid)
        if self.compiles is not None:
            after = self._compiled()
            if before is None or after is None:
                self.compiles = None  # it stopped telling: no count for any block
            else:
                grew = max(0, after - before)
                self.compiles.append(grew if self._counts else min(grew, 1))
        return self.stop is not None

    def result(self) -> Measurement:
        if self.stop is None:
            raise RuntimeError("sampling has not ended: call step() until it returns True")
        m = Measurement(
            samples=tuple(self.samples),
            loops=self.loops,
            first_call=self.first,
            warmup_calls=self.warmup_calls,
            stop=self.stop,
            elapsed=self.first + self.spent_ns / 1e9,
            blocks=tuple(self.blocks),
            rounds=tuple(self.rounds),
            first_call_cache=(self.first_cache,) if self.first_cache is not None else None,
            compiles=tuple(self.compiles) if self.compiles is not None else None,
            preempted=self.preempted,
        )
        return replace(m, warnings=quality_warnings(m, self.settings, self.floor))


def measure(
    call: Call,
    sync: Sync,
    clock: Clock,
    settings: TimerSettings,
    *,
    first: float,
    floor: Floor | None = None,
) -> Measurement:
    """Calibrate, warm up and sample ``call`` alone (its first call, ``first`` seconds, is done).

    Returns:
        A :class:`Measurement` with per-call seconds for each sample and quality warnings.
    """
    sampler = Sampler(call, sync, clock, settings, first=first, floor=floor)
    sampler.warm_up()
    while not sampler.step():
        pass
    return sampler.result()


def compiled_blocks(m: Measurement) -> int:
    """How many of the measurement's timed blocks held a compilation (0 where none did, or the
    library cannot tell)."""
    return sum(1 for k in m.compiles or () if k > 0)


def keeps_compiling(m: Measurement) -> bool:
    """The library compiled in at least :data:`COMPILING_SHARE` of the timed blocks: the samples
    hold compilations, so the time is no steady time."""
    held = compiled_blocks(m)
    return held > 0 and held >= COMPILING_SHARE * len(m.compiles or ())


def compiling_evidence(m: Measurement, library: str, counted: bool = True) -> str:
    """Why a measurement that :func:`keeps_compiling` is not given as a time: how many blocks
    and calls held compilations, and its time beside its own first call."""
    calls = len(m.samples) * m.loops
    total = sum(m.compiles or ())
    held, blocks = compiled_blocks(m), len(m.compiles or ())
    every = (total >= calls) if counted else held == blocks
    head = "compiles on every call" if every else "keeps compiling while it is timed"
    times = "once" if total == 1 else f"{total} times"
    count = (
        f"{library} compiled or traced {times} in {calls} timed call{'s' if calls != 1 else ''}"
        if counted
        else f"{library} compiled"
    )
    return (
        f"{head}: {count}, in {held} of its {blocks} block{'s' if blocks != 1 else ''}; a call "
        f"took {_fmt(m.median)} against {_fmt(m.first_call)} for its first call (compilation "
        "included), so that time is no steady time. Something changes on every call (a shape, "
        "a dtype, a setting, a function made inside the impl: jax.jit, torch.compile or "
        "numba.njit of a new function); make it once, outside the impl"
    )


def quality_warnings(
    m: Measurement, settings: TimerSettings, floor: Floor | None
) -> tuple[str, ...]:
    """Plain-language warnings about a measurement, each naming the likely cause and the fix."""
    out: list[str] = []
    med = m.median
    n = len(m.samples)
    held = compiled_blocks(m)
    if held and not keeps_compiling(m):
        out.append(
            f"compiled while timed: {held} of its {len(m.compiles or ())} blocks held a "
            "compilation (a new shape or setting, or a cache evicted), and their samples include "
            "it; the median over blocks stands"
        )
    if (
        m.compiles is None
        and m.first_call_cache is not None
        and m.first_call > 0
        and med >= NEAR_FIRST_CALL * m.first_call
    ):
        out.append(
            f"near first call: a call takes {_fmt(med)}, {med / m.first_call:.0%} of its first "
            f"call ({_fmt(m.first_call)}), which compiled; arraybench cannot count this "
            "library's compilations, so if it compiles on every call this time holds it"
        )
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
    if m.preempted and m.preempted >= BUSY_WARN * (n + m.preempted):
        out.append(
            f"busy machine: the scheduler stopped arraybench for another program during "
            f"{m.preempted} of its {n + m.preempted} samples, which were taken again (the figures "
            "are from the others); close other programs for a quicker, steadier run"
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
    drift = m.dominant == "between" and (m.between_spread or 0.0) > DRIFT_WARN
    if drift:
        out.append(
            f"drift: the medians of its {len(m.block_medians)} blocks spread by "
            f"{m.between_spread:.0%} (robust SD), more than the calls' own noise explains: the "
            "machine's speed changed while it was measured, and the interval includes that; "
            "ratios of cases measured side by side cancel most of it"
        )
    if m.dominant == "processes" and (m.process_spread or 0.0) > PROCESS_WARN:
        out.append(
            f"process effect: the medians of its {len(m.processes or ())} processes spread by "
            f"{m.process_spread:.0%} (SD), more than the blocks inside each explain: its time "
            "depends on the process it runs in (where memory lands, address-space layout), and "
            "the interval includes that; more --processes narrow it"
        )
    if not m.interval.confident:
        needed = MIN_BLOCKS_95 * med * m.loops / (1 - WARMUP_FRACTION)
        out.append(
            f"few samples: only {n} in {len(m.block_medians)} blocks (one call takes "
            f"{_fmt(med)}), so the interval is the [min-max] range of the blocks at "
            f"{m.ci_level:.0%} confidence, not 95%; raise --budget to about {needed:.2g} s for "
            "a 95% interval"
        )
    elif m.stop == "budget" and m.rel_ci > settings.target:
        more = (m.rel_ci / settings.target) ** 2
        out.append(
            f"not converged: the 95% CI reaches {m.rel_ci:.1%} from the median, wider than the "
            f"±{settings.target * 100:.3g}% target after the {settings.budget:g} s budget"
            + (
                " (the machine's speed changed between blocks)"
                if drift
                else " (the calls' own times vary)"
            )
            + f"; about {more:.0f}x the budget would likely reach it, or quiet the machine"
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
    from ..base.units import format_time

    return format_time(seconds)
