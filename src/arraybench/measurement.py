"""The timing of one case: its raw samples in blocks, the figures stated from them (median,
interval, spreads), and the ratio of two cases' times.

A record of the results layer, saved inside each case of a results file (``results.py`` holds
the format's history).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import stats
from .base.fields import optional, required

#: Block medians spreading this many times more than call-to-call noise explains are drift.
DRIFT_FACTOR = 2.0
#: How a first call found its library's persistent compile cache: it compiled (and wrote the
#: cache), or it loaded what an earlier process had compiled.
COLD, WARM = "cold", "warm"
CACHE_STATES = (COLD, WARM)


@dataclass(frozen=True)
class Measurement:
    """The timing of one case: raw samples, the blocks they were taken in, and how sampling went.

    Samples come in blocks spread over the case's budget, taking turns with the other cases of
    the same size; every interval rests on the blocks, so a slow spell of the machine between
    blocks widens it instead of hiding in it (METHOD.md).

    Attributes:
        samples: seconds per call, one value per sample (a sample is ``loops`` calls).
        loops: calls per sample, calibrated so that a sample is well above the clock's resolution.
        first_call: seconds of the very first call (compilation, tracing, caches, allocation).
        warmup_calls: calls made after the first and before sampling (calibration included).
        stop: why sampling ended: ``budget`` (spent), ``max_samples``, or ``converged`` (the CI
            reached its target: results from before samples were spread over the budget).
        elapsed: seconds spent on the case in all, first call included.
        warnings: plain-language notes on the quality of the numbers, each naming cause and fix.
        blocks: how many consecutive samples each block holds, in order (they sum to the number
            of samples); None in results from before blocks, where each sample stands alone.
        rounds: for each block, the clock reading (ns) when its round began: blocks of two cases
            with the same round were taken side by side, so their ratio cancels the machine's
            state. None where ``blocks`` is None.
        processes: how many consecutive blocks each process took, when the case was measured in
            several fresh processes (``--processes``); None when it ran in one.
        first_call_cache: for an impl its library compiles (jit, torch.compile, Numba, PyTensor),
            whether each process's first call found its persistent compile cache ``cold`` (it
            compiled, and wrote the result there) or ``warm`` (it loaded it); None when it does
            not compile or the caches were off.
        first_calls: each process's first call, in order, when measured in several (the cold one
            is kept apart from ``first_call``, their median).
        alpha_share: the share of the intervals' error (1 - level) this measurement may spend:
            1 for a case measured in one go; less for one that was looked at part-way and could
            have stopped there (adaptive spending, :mod:`arraybench.measure.spending`): its
            intervals are taken at ``1 - alpha_share x (1 - level)`` and stated at ``level``,
            which its looks keep together (Bonferroni: :func:`.stats.spent_level`).
        compiles: for each block, how many times the case's library compiled (or traced) while
            the block was timed (1 for a block in which it did, where the library keeps no
            count); None where the library cannot tell. A case that compiled in most of its
            blocks keeps compiling, and its samples are no steady time
            (:func:`arraybench.measure.timer.keeps_compiling`).
    """

    samples: tuple[float, ...]
    loops: int
    first_call: float
    warmup_calls: int = 0
    stop: str = "budget"
    elapsed: float = 0.0
    warnings: tuple[str, ...] = ()
    blocks: tuple[int, ...] | None = None
    rounds: tuple[int, ...] | None = None
    processes: tuple[int, ...] | None = None
    first_call_cache: tuple[str, ...] | None = None
    first_calls: tuple[float, ...] | None = None
    alpha_share: float = 1.0
    #: samples taken again because the scheduler stopped the thread during them (a busy
    #: machine); 0 in results from before arraybench counted them
    preempted: int = 0
    compiles: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not self.samples:
            raise ValueError("a Measurement needs at least one sample")
        for v in self.samples:
            if not isinstance(v, int | float) or not math.isfinite(v) or v < 0:
                raise ValueError(f"samples must be finite numbers >= 0.0, got {v!r}")
        if not isinstance(self.loops, int) or self.loops < 1:
            raise ValueError(f"loops must be an integer >= 1, got {self.loops!r}")
        if self.stop not in ("converged", "budget", "max_samples"):
            raise ValueError(f"stop must be converged, budget or max_samples, got {self.stop!r}")
        if self.blocks is not None:
            if any(not isinstance(k, int) or k < 1 for k in self.blocks):
                raise ValueError(f"blocks must be counts >= 1, got {self.blocks!r}")
            if sum(self.blocks) != len(self.samples):
                raise ValueError(
                    f"blocks must hold every sample once: they sum to {sum(self.blocks)}, "
                    f"there are {len(self.samples)} samples"
                )
            if self.rounds is None or len(self.rounds) != len(self.blocks):
                raise ValueError("rounds must give one round for each block")
        elif self.rounds is not None:
            raise ValueError("rounds need blocks")
        if not (isinstance(self.alpha_share, int | float) and 0 < self.alpha_share <= 1):
            raise ValueError(f"alpha_share must be in (0, 1], got {self.alpha_share!r}")
        if self.processes is not None:
            if self.blocks is None or any(not isinstance(k, int) or k < 1 for k in self.processes):
                raise ValueError(f"processes must be counts of blocks >= 1, got {self.processes!r}")
            if sum(self.processes) != len(self.blocks):
                raise ValueError(
                    f"processes must hold every block once: they sum to {sum(self.processes)}, "
                    f"there are {len(self.blocks)} blocks"
                )

        if self.compiles is not None and (
            self.blocks is None
            or len(self.compiles) != len(self.blocks)
            or any(not isinstance(k, int) or k < 0 for k in self.compiles)
        ):
            raise ValueError(
                f"compiles must give a count >= 0 for each block, got {self.compiles!r}"
            )
        if self.first_call_cache is not None and any(
            v not in CACHE_STATES for v in self.first_call_cache
        ):
            raise ValueError(
                f"first_call_cache must hold {' or '.join(CACHE_STATES)}, got "
                f"{self.first_call_cache!r}"
            )

    @classmethod
    def combine(cls, parts: Sequence[Measurement]) -> Measurement:
        """One measurement from the same case measured in several processes, in order.

        Samples, blocks and rounds are concatenated and ``processes`` records which blocks came
        from which; the first call is the median of the processes' (each was a true first call,
        in a fresh process); ``loops`` is the first process's (each calibrates its own).
        """
        if not parts:
            raise ValueError("nothing to combine")
        if len(parts) == 1:
            return parts[0]
        if any(p.blocks is None or p.rounds is None for p in parts):
            raise ValueError("only measurements taken in blocks can be combined")
        caches = [p.first_call_cache for p in parts]
        compiles = [p.compiles for p in parts]
        return cls(
            samples=tuple(v for p in parts for v in p.samples),
            loops=parts[0].loops,
            first_call=stats.median([v for p in parts for v in (p.first_calls or (p.first_call,))]),
            warmup_calls=sum(p.warmup_calls for p in parts),
            stop="max_samples" if any(p.stop == "max_samples" for p in parts) else "budget",
            elapsed=sum(p.elapsed for p in parts),
            blocks=tuple(k for p in parts for k in p.blocks or ()),
            rounds=tuple(r for p in parts for r in p.rounds or ()),
            # A part measured in several processes already (a case measured again in more
            # processes: run --against) keeps them apart.
            processes=tuple(k for p in parts for k in (p.processes or (len(p.blocks or ()),))),
            first_call_cache=(
                tuple(v for c in caches for v in c or ())
                if all(c is not None for c in caches)
                else None
            ),
            first_calls=tuple(v for p in parts for v in (p.first_calls or (p.first_call,))),
            alpha_share=min(p.alpha_share for p in parts),
            preempted=sum(p.preempted for p in parts),
            compiles=(
                tuple(k for c in compiles for k in c or ())
                if all(c is not None for c in compiles)
                else None
            ),
        )

    @property
    def cache_state(self) -> str | None:
        """``cold``, ``warm``, ``cold in 1 of 4`` (processes), or None: how the first calls
        found the persistent compile cache (see ``first_call_cache``)."""
        states = self.first_call_cache
        if not states:
            return None
        cold = states.count(COLD)
        if cold in (0, len(states)):
            return states[0]
        return f"{COLD} in {cold} of {len(states)}"

    @property
    def cold_first_call(self) -> float | None:
        """The first call of the processes whose cache was cold (their median): what compiling
        cost; None when none was."""
        states = self.first_call_cache or ()
        calls = self.first_calls or (self.first_call,)
        cold = [t for t, s in zip(calls, states, strict=False) if s == COLD]
        return stats.median(cold) if cold else None

    @functools.cached_property
    def median(self) -> float:
        """Median seconds per call over every sample."""
        return stats.median(self.samples)

    @functools.cached_property
    def block_medians(self) -> tuple[float, ...]:
        """The median of each block (each sample alone in results from before blocks)."""
        return tuple(stats.median(b) for b in self.block_samples)

    @functools.cached_property
    def by_round(self) -> dict[int, float]:
        """Block median by round: what a ratio with a case measured side by side pairs on."""
        if self.rounds is None:
            return {}
        return dict(zip(self.rounds, self.block_medians, strict=True))

    @functools.cached_property
    def interval(self) -> stats.Interval:
        """The median and its 95% interval (the [min, max] range with the level it reaches when
        there are too few blocks): see :meth:`interval_at`."""
        return self.interval_at(stats.CI_LEVEL)

    def interval_at(self, level: float) -> stats.Interval:
        """The median and its interval at ``level``.

        Measured in several processes: the interval in which a repeat of the run should find
        its median, from the processes' medians (:func:`.stats.repeat_interval`).
        In one process: an order-statistics interval over the block medians, which holds this
        process's slow spells but not the differences between processes.
        Taken at a higher level when the measurement spends only a share of the error
        (``alpha_share``), and stated at ``level``.
        """
        at = stats.spent_level(level, self.alpha_share)
        if self.process_medians is not None:
            iv = stats.repeat_interval(self.process_medians, "processes", at, self.median)
        else:
            method = "samples" if self.blocks is None else "blocks"
            iv = stats.median_interval(self.block_medians, method, at, value=self.median)
        return stats.restated(iv, self.alpha_share)

    @functools.cached_property
    def process_medians(self) -> tuple[float, ...] | None:
        """The median time in each process, when measured in several."""
        if self.processes is None or len(self.processes) < 2:
            return None
        return tuple(
            stats.median([v for block in part for v in block])
            for part in stats.split_blocks(self.block_samples, self.processes)  # type: ignore[arg-type]
        )

    @functools.cached_property
    def block_samples(self) -> tuple[Sequence[float], ...]:
        """The samples of each block."""
        if self.blocks is None:
            return tuple((v,) for v in self.samples)
        return tuple(stats.split_blocks(self.samples, self.blocks))

    @functools.cached_property
    def round_process(self) -> dict[int, int]:
        """The process (0, 1, ...) that took the block of each round."""
        if self.rounds is None:
            return {}
        owners = [0] * len(self.rounds)
        if self.processes is not None:
            owners = [p for p, k in enumerate(self.processes) for _ in range(k)]
        return dict(zip(self.rounds, owners, strict=True))

    @property
    def ci(self) -> tuple[float, float]:
        """The median's 95% confidence interval (wider, with its level, for under 6 blocks)."""
        return self.interval.low, self.interval.high

    @property
    def ci_level(self) -> float:
        return self.interval.level

    @property
    def rel_ci(self) -> float:
        """Half-width of the CI relative to the median (0.02 means ±2%)."""
        return self.interval.rel_halfwidth

    @property
    def min(self) -> float:
        return min(self.samples)

    @property
    def iqr(self) -> float:
        return stats.iqr(self.samples)

    @functools.cached_property
    def within_spread(self) -> float | None:
        """Spread of samples around their own block's median (robust SD, as a fraction of the
        median): the call-to-call noise. None when no block holds two samples."""
        if self.blocks is None:
            return None
        dev = [
            v - m
            for block, m in zip(self.block_samples, self.block_medians, strict=True)
            if len(block) > 1
            for v in block
        ]
        return stats.robust_spread(dev, self.median) if dev else None

    @functools.cached_property
    def between_spread(self) -> float | None:
        """Spread of the block medians around their process's median (robust SD, as a fraction
        of the median): how much the machine's speed moved while a process measured. None
        without blocks."""
        if self.blocks is None or len(self.blocks) < 2:
            return None
        meds = self.process_medians or (stats.median(self.block_medians),)
        counts = self.processes or (len(self.blocks),)
        dev = [
            b - meds[p]
            for p, part in enumerate(stats.split_blocks(self.block_medians, counts))
            for b in part
        ]
        return stats.robust_spread(dev, self.median)

    @functools.cached_property
    def process_spread(self) -> float | None:
        """Standard deviation of the logs of the processes' medians (about the relative spread):
        how much a case's time depends on the process it runs in. None in one process."""
        meds = self.process_medians
        if meds is None or any(not v > 0 for v in meds):
            return None
        logs = [math.log(v) for v in meds]
        mean = sum(logs) / len(logs)
        return math.sqrt(sum((x - mean) ** 2 for x in logs) / (len(logs) - 1))

    @property
    def dominant(self) -> str | None:
        """Which spread sets the interval: ``processes`` (a case's time depends on the process
        it runs in), ``between`` blocks (the machine's state changed over the budget) or
        ``within`` them (call-to-call noise).

        Each level is compared with what the level below explains: from noise alone a block's
        median varies by about sqrt(pi/2) x within / sqrt(samples per block), and a process's
        median by about between / sqrt(blocks per process); more than DRIFT_FACTOR times that
        is the level's own (the factor leaves room for estimates of a spread from few units)."""
        w, b, p = self.within_spread, self.between_spread, self.process_spread
        if p is not None and self.processes is not None:
            per_process = len(self.block_medians) / len(self.processes)
            explained = max(b or 0.0, w or 0.0) / math.sqrt(per_process)
            if p > DRIFT_FACTOR * explained:
                return "processes"
        if b is None:
            return None
        if w is None:
            return "between"
        per_block = len(self.samples) / len(self.block_medians)
        expected = math.sqrt(math.pi / 2) * w / math.sqrt(per_block)
        return "between" if b > DRIFT_FACTOR * expected else "within"

    def to_dict(self) -> dict[str, Any]:
        iv = self.interval
        return {
            "samples": list(self.samples),
            "loops": self.loops,
            "first_call": self.first_call,
            "warmup_calls": self.warmup_calls,
            "stop": self.stop,
            "elapsed": self.elapsed,
            "warnings": list(self.warnings),
            "blocks": list(self.blocks) if self.blocks is not None else None,
            "rounds": list(self.rounds) if self.rounds is not None else None,
            "processes": list(self.processes) if self.processes is not None else None,
            **(
                {"first_call_cache": list(self.first_call_cache)}
                if self.first_call_cache is not None
                else {}
            ),
            **({"first_calls": list(self.first_calls)} if self.first_calls is not None else {}),
            **({"compiles": list(self.compiles)} if self.compiles is not None else {}),
            # Written only when below 1, so that a case measured in one go reads as before.
            **({"alpha_share": self.alpha_share} if self.alpha_share < 1 else {}),
            **({"preempted": self.preempted} if self.preempted else {}),
            # Derived from the fields above, written for readers of the file (ignored when read
            # back, computed again): the figures exactly as the table states them.
            "median": self.median,
            "ci_low": iv.low,
            "ci_high": iv.high,
            "ci_level": iv.level,
            "ci_units": iv.units,
            "within_spread": self.within_spread,
            "between_spread": self.between_spread,
            "process_spread": self.process_spread,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Measurement:
        blocks = d.get("blocks")
        rounds = d.get("rounds")
        return cls(
            samples=tuple(float(v) for v in required(d, "samples", list)),
            loops=required(d, "loops", int),
            first_call=float(required(d, "first_call", (int, float))),
            warmup_calls=int(d.get("warmup_calls", 0)),
            stop=str(d.get("stop", "converged")),
            elapsed=float(d.get("elapsed", 0.0)),
            warnings=tuple(str(w) for w in d.get("warnings", ())),
            blocks=tuple(int(k) for k in optional(d, "blocks", list))
            if blocks is not None
            else None,
            rounds=tuple(int(r) for r in optional(d, "rounds", list))
            if rounds is not None
            else None,
            processes=(
                tuple(int(k) for k in optional(d, "processes", list))
                if d.get("processes") is not None
                else None
            ),
            first_call_cache=(
                tuple(str(v) for v in optional(d, "first_call_cache", list))
                if d.get("first_call_cache") is not None
                else None
            ),
            first_calls=(
                tuple(float(v) for v in optional(d, "first_calls", list))
                if d.get("first_calls") is not None
                else None
            ),
            alpha_share=float(optional(d, "alpha_share", (int, float)) or 1.0),  # absent: 1
            preempted=int(optional(d, "preempted", int) or 0),
            compiles=(
                tuple(int(k) for k in optional(d, "compiles", list))
                if d.get("compiles") is not None
                else None
            ),
        )


def process_ratios(num: Measurement, den: Measurement) -> list[float]:
    """``num``'s time over ``den``'s in each process, paired round by round: per process (in
    order), the median of the ratios of the two cases' blocks in the rounds both took there.
    Rounds only one of them took count for neither, so a block the other lacks (taken in a slow
    spell, say) cannot pull one median into another state than the other's. Empty when the two
    share no rounds (other sizes, other runs, results from before blocks)."""
    shared = num.by_round.keys() & den.by_round.keys()
    owner = num.round_process
    by_process: dict[int, list[float]] = {}
    for r in shared:
        if den.by_round[r] > 0:
            by_process.setdefault(owner[r], []).append(num.by_round[r] / den.by_round[r])
    return [stats.median(v) for _, v in sorted(by_process.items())]


def time_ratio(num: Measurement, den: Measurement, level: float = stats.CI_LEVEL) -> stats.Interval:
    """``num``'s time over ``den``'s, with its interval.

    Cases measured side by side (blocks in the same rounds: the same size of one run) pair
    round by round, so that the machine's slow spells cancel: in several processes, each
    process's median of its per-round ratios is a unit of a repeat interval; in one, the
    per-round ratios are the units of an order-statistics interval. Cases measured apart (other
    sizes, other runs, results from before blocks) combine their own intervals, which is wider.
    A case that spends only a share of the error (``alpha_share``) takes the ratio's interval
    at the higher level too (the smaller share of the two).
    """
    share = min(num.alpha_share, den.alpha_share)
    at = stats.spent_level(level, share)
    per = process_ratios(num, den)
    if len(per) >= 2:
        return stats.restated(stats.repeat_interval(per, "pairs", at, stats.median(per)), share)
    paired = stats.paired_ratio(num.by_round, den.by_round, at)
    if paired is not None:
        return stats.restated(paired, share)
    return stats.unpaired_ratio(num, den, level)  # each side takes its own share
