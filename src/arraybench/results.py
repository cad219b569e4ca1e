"""Results: frozen records of what was measured, and their versioned JSON format.

Format history (``"version"`` in the file):
    1  (arraybench 0.1) first format: cases with raw per-call samples, checks, env, floor;
       optional fields added since, read as absent from older files: case "extends"/"phase",
       run "extra" (experiment answers, findings, fits).
    2  (arraybench 0.1) status "skipped" (larger sizes of a series after a timeout or out of
       memory) and the case field "failure" (raised, mismatch, crash, timeout, oom,
       not-attempted). Version 1 files read unchanged.
    3  (arraybench 0.2) samples taken in blocks: measurement "blocks" and "rounds"; the figures
       as stated ("median", "ci_low", "ci_high", "ci_level", "ci_units", "within_spread",
       "between_spread") written beside the samples for readers; run "ratios" (each case
       against its reference, with the CI of the ratio). Files of versions 1 and 2 read with
       each sample as its own block: their intervals come from samples alone and say so.
       Optional fields added since, read as absent from older files: case "unchecked" (why an
       ok case has no check: "no-reference", "reference-unavailable") and "computed_in" (pure
       Python computes in float64 whatever the case's dtype); skipped "failed" (a workload that
       could not run at all, which fails the run); in run "ratios", "speedup_vs_ref" beside
       "ratio" (the same interval turned over: the reference's time over the case's, as the
       tables show it). "ratios" is derived from the cases and ignored when read. Measurement
       "alpha_share" (below 1 for a case measured with adaptive spending, whose intervals are
       taken at a higher level so that its looks keep the stated one; absent: 1).
    4  (arraybench 0.2) cases from several machines (``--cluster``): case "machine" names the
       machine it ran on, run "machines" holds each machine's record (host, CPU, cores, GPUs,
       library versions, BLAS) by name. Written only when some case carries a machine, so that
       a run on one machine stays a version 3 file that older versions read; an older version
       refuses a version 4 file rather than mixing cases from different machines.

Reading never executes anything from a file: it is plain JSON, validated field by field. A file from
a newer format version is refused with a message that says to upgrade, never misread.
"""

from __future__ import annotations

import functools
import json
import math
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._files import atomic_write
from .analysis import stats
from .errors import ResultsFormatError

if TYPE_CHECKING:
    import pandas as pd
    from rich.console import Console

FORMAT_NAME = "arraybench.results"
FORMAT_VERSION = 4
#: The version written when no case names a machine (the files of runs on one machine).
SINGLE_MACHINE_VERSION = 3

#: Block medians spreading this many times more than call-to-call noise explains are drift.
DRIFT_FACTOR = 2.0

OK, FAILED, SKIPPED = "ok", "failed", "skipped"
STATUSES = (OK, FAILED, SKIPPED)
#: Why a case failed, for programs: it raised, its numbers were wrong, it crashed its worker, it
#: ran past --timeout, it ran out of memory (host or GPU); or why it was skipped.
FAILURES = ("raised", "mismatch", "crash", "timeout", "oom", "not-attempted")
#: Why an ok case has no check although checking was on: its workload has nothing to compare
#: with (one impl on one backend: shown as "—", not a warning), or the reference impl could not
#: run here (its backend is not installed: the run's ``skipped`` says why).
NO_REFERENCE, REFERENCE_UNAVAILABLE = "no-reference", "reference-unavailable"
UNCHECKED = (NO_REFERENCE, REFERENCE_UNAVAILABLE)


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
        alpha_share: the share of the intervals' error (1 - level) this measurement may spend:
            1 for a case measured in one go; less for one that was looked at part-way and could
            have stopped there (adaptive spending, :mod:`arraybench.measure.spending`): its
            intervals are taken at ``1 - alpha_share x (1 - level)`` and stated at ``level``,
            which its looks keep together (Bonferroni: :func:`.stats.spent_level`).
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
    alpha_share: float = 1.0

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
        return cls(
            samples=tuple(v for p in parts for v in p.samples),
            loops=parts[0].loops,
            first_call=stats.median([p.first_call for p in parts]),
            warmup_calls=sum(p.warmup_calls for p in parts),
            stop="max_samples" if any(p.stop == "max_samples" for p in parts) else "budget",
            elapsed=sum(p.elapsed for p in parts),
            blocks=tuple(k for p in parts for k in p.blocks or ()),
            rounds=tuple(r for p in parts for r in p.rounds or ()),
            processes=tuple(len(p.blocks or ()) for p in parts),
            alpha_share=min(p.alpha_share for p in parts),
        )

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
            # Written only when below 1, so that a case measured in one go reads as before.
            **({"alpha_share": self.alpha_share} if self.alpha_share < 1 else {}),
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
            samples=tuple(float(v) for v in _get(d, "samples", list)),
            loops=_get(d, "loops", int),
            first_call=float(_get(d, "first_call", (int, float))),
            warmup_calls=int(d.get("warmup_calls", 0)),
            stop=str(d.get("stop", "converged")),
            elapsed=float(d.get("elapsed", 0.0)),
            warnings=tuple(str(w) for w in d.get("warnings", ())),
            blocks=tuple(int(k) for k in _opt(d, "blocks", list)) if blocks is not None else None,
            rounds=tuple(int(r) for r in _opt(d, "rounds", list)) if rounds is not None else None,
            processes=(
                tuple(int(k) for k in _opt(d, "processes", list))
                if d.get("processes") is not None
                else None
            ),
            alpha_share=float(_opt(d, "alpha_share", (int, float)) or 1.0),  # absent: 1
        )


@dataclass(frozen=True)
class Check:
    """The comparison of a case's output with the reference output.

    ``max_rel_err`` is norm-wise: the largest absolute difference divided by the largest magnitude
    in the reference, so entries near zero do not blow it up. ``passed`` is ``max_rel_err <= rtol``.
    """

    passed: bool
    max_abs_err: float
    max_rel_err: float
    rtol: float
    message: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "max_abs_err": _json_float(self.max_abs_err),
            "max_rel_err": _json_float(self.max_rel_err),
            "rtol": self.rtol,
            "message": self.message,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Check:
        return cls(
            passed=bool(_get(d, "passed", bool)),
            max_abs_err=_float_or_nan(d.get("max_abs_err")),
            max_rel_err=_float_or_nan(d.get("max_rel_err")),
            rtol=float(d.get("rtol", 0.0)),
            message=str(d.get("message", "")),
        )


@dataclass(frozen=True)
class CaseResult:
    """One case: a workload's impl on a backend, device, dtype and size, and what came of it.

    ``status`` is ``ok`` (measured and, unless checking was off, checked), ``failed`` (raised,
    disagreed with the reference, crashed, timed out or ran out of memory: ``error`` says which
    and how, ``failure`` names it for programs) or ``skipped`` (not attempted, because a smaller
    size of the series timed out or ran out of memory). Failed cases are never ranked.
    """

    workload: str
    impl: str
    backend: str
    device: str
    dtype: str
    size: int
    status: str
    measurement: Measurement | None = None
    check: Check | None = None
    error: str | None = None
    inputs: str | None = None
    flops: float | None = None
    bytes: float | None = None
    reference: bool = False
    #: the impl label this case's impl extends by one step, and what that step is.
    extends: str | None = None
    phase: str | None = None
    failure: str | None = None
    #: why ``check`` is None although checking was on: one of UNCHECKED.
    unchecked: str | None = None
    #: the precision the impl computed in, when not ``dtype``: "float64" for pure Python, whose
    #: floats are doubles (its inputs were rounded to ``dtype``, so they match the others').
    computed_in: str | None = None
    #: the machine the case ran on, a key of ``RunResult.machines`` (``--cluster``); None: the
    #: machine of the run's ``env``.
    machine: str | None = None

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, got {self.status!r}")
        if self.status in (FAILED, SKIPPED) and not self.error:
            raise ValueError(f"a {self.status} case needs an error saying why")
        if self.failure is not None and self.failure not in FAILURES:
            raise ValueError(f"failure must be one of {FAILURES}, got {self.failure!r}")
        if self.unchecked is not None and self.unchecked not in UNCHECKED:
            raise ValueError(f"unchecked must be one of {UNCHECKED}, got {self.unchecked!r}")
        if self.status == OK and self.measurement is None:
            raise ValueError("an ok case needs a measurement")

    @property
    def ok(self) -> bool:
        return self.status == OK

    @property
    def implausible(self) -> str | None:
        """Why the case's rate is physically impossible (cached or skipped work), when its
        measurement carries that warning; None otherwise. Answers never rest on such a case."""
        if self.measurement is None:
            return None
        for w in self.measurement.warnings:
            if w.startswith("implausible:"):
                return w.split(":", 1)[1].strip()
        return None

    @property
    def series(self) -> tuple[str, str, str, str, str]:
        """The case without its size: one line on a plot of time against size."""
        return (self.workload, self.impl, self.backend, self.device, self.dtype)

    @property
    def key(self) -> tuple[str, str, str, str, str, int]:
        return (*self.series, self.size)

    @property
    def name(self) -> str:
        return (
            f"{self.workload}/{self.impl}[{self.backend}:{self.device}:{self.dtype}] n={self.size}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "workload": self.workload,
            "impl": self.impl,
            "backend": self.backend,
            "device": self.device,
            "dtype": self.dtype,
            "size": self.size,
            "status": self.status,
            "measurement": self.measurement.to_dict() if self.measurement else None,
            "check": self.check.to_dict() if self.check else None,
            "error": self.error,
            "inputs": self.inputs,
            "flops": self.flops,
            "bytes": self.bytes,
            "reference": self.reference,
            "extends": self.extends,
            "phase": self.phase,
            "failure": self.failure,
            "unchecked": self.unchecked,
            "computed_in": self.computed_in,
            **({"machine": self.machine} if self.machine is not None else {}),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CaseResult:
        m = d.get("measurement")
        c = d.get("check")
        return cls(
            workload=_get(d, "workload", str),
            impl=_get(d, "impl", str),
            backend=_get(d, "backend", str),
            device=_get(d, "device", str),
            dtype=_get(d, "dtype", str),
            size=_get(d, "size", int),
            status=_get(d, "status", str),
            measurement=Measurement.from_dict(m) if m is not None else None,
            check=Check.from_dict(c) if c is not None else None,
            error=_opt(d, "error", str),
            inputs=_opt(d, "inputs", str),
            flops=_opt(d, "flops", (int, float)),
            bytes=_opt(d, "bytes", (int, float)),
            reference=bool(d.get("reference", False)),
            extends=_opt(d, "extends", str),
            phase=_opt(d, "phase", str),
            failure=_opt(d, "failure", str),
            unchecked=_opt(d, "unchecked", str),
            computed_in=_opt(d, "computed_in", str),
            machine=_opt(d, "machine", str),
        )


@dataclass(frozen=True)
class Skip:
    """Cases that were not run, grouped, and why (a backend not installed, a dtype it lacks...).

    ``failed``: a workload that could not run at all (an error in its definition, ``reason``
    says which): unlike a backend that is not installed, it fails the run.
    """

    what: str
    reason: str
    failed: bool = False

    def to_dict(self) -> dict[str, Any]:
        # "failed" only when set, so that files and stores without broken workloads read as
        # before in older versions.
        out: dict[str, Any] = {"what": self.what, "reason": self.reason}
        if self.failed:
            out["failed"] = True
        return out


@dataclass(frozen=True)
class Floor:
    """The harness's own cost, measured once per process.

    Attributes:
        clock_read: seconds between two back-to-back clock reads (the clock's effective resolution).
        call_overhead: seconds per call of a function that does nothing, through the same loop
            that times every kernel. A kernel near this is measuring the harness, not itself.
    """

    clock_read: float
    call_overhead: float

    def to_dict(self) -> dict[str, float]:
        return {"clock_read": self.clock_read, "call_overhead": self.call_overhead}


@dataclass(frozen=True)
class RunResult:
    """Everything one run produced. Reports are made from this alone."""

    cases: tuple[CaseResult, ...]
    env: Mapping[str, Any] = field(default_factory=dict)
    config: Mapping[str, Any] = field(default_factory=dict)
    floor: Floor | None = None
    skipped: tuple[Skip, ...] = ()
    started: str = ""
    finished: str = ""
    arraybench_version: str = ""
    #: Data that is not a case timing, by owner (an experiment's profile and answer, say).
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: The record of each machine that measured cases (``CaseResult.machine`` names one): what
    #: :func:`arraybench.measure.env.collect` says there. Empty for a run on one machine,
    #: whose record is ``env``.
    machines: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    # -- views --------------------------------------------------------------------------------

    def __iter__(self) -> Iterator[CaseResult]:
        return iter(self.cases)

    def __len__(self) -> int:
        return len(self.cases)

    @property
    def failed(self) -> tuple[CaseResult, ...]:
        return tuple(c for c in self.cases if c.status == FAILED)

    @property
    def broken(self) -> tuple[Skip, ...]:
        """Workloads that could not run at all, each with its reason."""
        return tuple(s for s in self.skipped if s.failed)

    @property
    def all_passed(self) -> bool:
        return not self.failed and not self.broken

    @property
    def machine_names(self) -> tuple[str, ...]:
        """The machines the cases ran on, in order of first appearance; empty when no case
        names one (a run on one machine)."""
        return tuple(dict.fromkeys(c.machine for c in self.cases if c.machine is not None))

    def machine_record(self, name: str | None) -> Mapping[str, Any]:
        """What is known of machine ``name`` (None: the machine of ``env``)."""
        if name is None:
            return self.env
        return self.machines.get(name, {})

    def on_machine(self, name: str) -> RunResult:
        """The cases measured on machine ``name``, as a run of its own (its ``env`` is that
        machine's record, and skips that name another machine are left out)."""
        record = self.machines.get(name)
        mark = f" on {name}"
        return replace(
            self,
            cases=tuple(c for c in self.cases if c.machine == name),
            env={**self.env, **record} if record else self.env,
            skipped=tuple(
                s
                for s in self.skipped
                if s.what.endswith(mark)
                or not any(s.what.endswith(f" on {m}") for m in self.machines)
            ),
            machines={name: record} if record else {},
        )

    def find(self, **where: Any) -> list[CaseResult]:
        """Cases whose fields equal every keyword given, e.g. ``find(backend="numpy", size=10)``."""
        return [c for c in self.cases if all(getattr(c, k) == v for k, v in where.items())]

    def reference_for(self, case: CaseResult) -> CaseResult | None:
        """The measured reference case to compare ``case`` with: same workload, size and dtype
        if the reference impl ran in it, else the reference's float64 case; always one measured
        on the same machine."""
        candidates = [
            c
            for c in self.cases
            if c.reference
            and c.ok
            and c.workload == case.workload
            and c.size == case.size
            and c.machine == case.machine
        ]
        for c in candidates:
            if c.dtype == case.dtype:
                return c
        for c in candidates:
            if c.dtype == "float64":
                return c
        return candidates[0] if candidates else None

    def vs_reference(self, case: CaseResult) -> stats.Interval | None:
        """How many times the reference's time ``case`` takes (below 1: faster than the
        reference), with its 95% CI from blocks taken side by side; None for the reference
        itself or when there is none."""
        ref = self.reference_for(case)
        if ref is None or ref is case or case.measurement is None or ref.measurement is None:
            return None
        return time_ratio(case.measurement, ref.measurement)

    def speedup_vs_reference(self, case: CaseResult) -> stats.Interval | None:
        """How many times faster than the reference ``case`` is (the reference's time over the
        case's: below 1, slower), with its 95% CI: what every report calls "speedup vs ref"
        and the exports ``speedup_vs_ref``. None for the reference itself or without one."""
        ratio = self.vs_reference(case)
        return None if ratio is None else ratio.inverse()

    def ratios(self) -> list[dict[str, Any]]:
        """Every ok case against its reference, for the file: ``speedup_vs_ref`` (the
        reference's time over the case's, as the tables show it) and ``ratio`` (the case's time
        over the reference's, as files before it held it), each with its CI."""
        out = []
        for c in self.cases:
            ref = self.reference_for(c) if c.ok else None
            if ref is None or ref is c or c.measurement is None or ref.measurement is None:
                continue
            r = time_ratio(c.measurement, ref.measurement)
            entry = {
                "case": c.name,
                "reference": ref.name,
                "speedup_vs_ref": r.inverse().to_dict(),
                "ratio": r.to_dict(),
            }
            if c.machine is not None:  # the same case on several machines: one entry each
                entry["machine"] = c.machine
            out.append(entry)
        return out

    def table(
        self, console: Console | None = None, profile: Any = None, verbose: bool = False
    ) -> None:
        """Print the results in the terminal as ``arraybench run`` does: a compact table per
        workload, a row per impl/backend/dtype and a column per size, split to fit the
        console's width, then the failures, one line per impl. ``verbose``: a row per case
        with every figure, as ``arraybench run -v`` (with the fraction of the machine's peak
        when given a profile from ``arraybench probe``)."""
        if verbose:
            from .report.terminal import print_table

            print_table(self, console=console, profile=profile)
            return
        from rich.console import Console

        from .report.summary import print_tables

        print_tables(self, console or Console())

    def to_pandas(self) -> pd.DataFrame:
        """One row per case: identity, status, median and its CI, spread, check errors."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                "RunResult.to_pandas() needs pandas: pip install pandas "
                "(or pip install 'arraybench[all]')"
            ) from None
        return pd.DataFrame(self.to_records())

    def plot(
        self,
        outdir: str | os.PathLike[str],
        formats: tuple[str, ...] = ("png", "svg"),
        baseline: str | None = None,
    ) -> list[Path]:
        """Write the plots (time against size, speed against a baseline, phases; fraction of
        peak when this machine was probed) to ``outdir``. Needs matplotlib."""
        from .report.plots import save

        return save(self, outdir, formats=formats, baseline=baseline)

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The cases as CSV, one row each; written to ``path`` when given."""
        from .report.export import to_csv

        return to_csv(self, path)

    def _repr_html_(self) -> str:
        from .report.export import html_table

        return html_table(self)

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per case, the rows of ``to_pandas`` and ``to_csv``: identity, status,
        median with its CI, spread, check error, and ``speedup_vs_ref`` (how many times faster
        than the reference, with ``speedup_vs_ref_low``/``_high``, its 95% CI)."""
        rows = []
        several = bool(self.machine_names)
        for c in self.cases:
            m = c.measurement
            row: dict[str, Any] = {
                # the machine first, in a run from a cluster (its cases share their keys)
                **({"machine": c.machine} if several else {}),
                "workload": c.workload,
                "impl": c.impl,
                "backend": c.backend,
                "device": c.device,
                "dtype": c.dtype,
                "size": c.size,
                "status": c.status,
                "median": m.median if m else None,
                "ci_low": m.ci[0] if m else None,
                "ci_high": m.ci[1] if m else None,
                "ci_level": m.ci_level if m else None,
                "min": m.min if m else None,
                "iqr": m.iqr if m else None,
                "samples": len(m.samples) if m else 0,
                "loops": m.loops if m else None,
                "first_call": m.first_call if m else None,
                "max_rel_err": c.check.max_rel_err if c.check else None,
                "error": c.error,
            }
            # How many times faster than the reference (its time over this case's), from
            # blocks measured side by side: the tables' "speedup vs ref". Earlier versions
            # named a column "vs_ref" and put its inverse there (the time ratio).
            vs = self.speedup_vs_reference(c) if c.ok else None
            row["speedup_vs_ref"] = vs.value if vs else None
            row["speedup_vs_ref_low"] = vs.low if vs else None
            row["speedup_vs_ref_high"] = vs.high if vs else None
            rows.append(row)
        return rows

    # -- the file format ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION if self.machine_names else SINGLE_MACHINE_VERSION,
            "arraybench": self.arraybench_version,
            "started": self.started,
            "finished": self.finished,
            "config": dict(self.config),
            "env": dict(self.env),
            "floor": self.floor.to_dict() if self.floor else None,
            "skipped": [s.to_dict() for s in self.skipped],
            "cases": [c.to_dict() for c in self.cases],
            # Derived from the cases (ignored when read back): each case against its reference.
            "ratios": self.ratios(),
            "extra": dict(self.extra),
            **(
                {"machines": {k: dict(v) for k, v in self.machines.items()}}
                if self.machines
                else {}
            ),
        }

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the results as JSON, atomically: a crash never leaves half a file behind."""
        text = json.dumps(self.to_dict(), indent=1, allow_nan=False, default=_json_default)
        return atomic_write(path, text)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str = "results") -> RunResult:
        if not isinstance(d, Mapping) or d.get("format") != FORMAT_NAME:
            raise ResultsFormatError(
                f'{source} is not an arraybench results file (no "format": "{FORMAT_NAME}"); '
                "give a file written by 'arraybench run --json PATH' or RunResult.save"
            )
        version = d.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ResultsFormatError(
                f"{source}: format version {version!r} is not valid; {_DAMAGED}"
            )
        if version > FORMAT_VERSION:
            raise ResultsFormatError(
                f"{source} was written in results format {version}, newer than this arraybench "
                f"reads ({FORMAT_VERSION}): upgrade arraybench (pip install -U arraybench)"
            )
        try:
            records = _get(d, "cases", list)
        except ResultsFormatError as e:
            raise ResultsFormatError(f"{source}: {e}; {_DAMAGED}") from None
        cases = []
        for i, record in enumerate(records, 1):
            try:
                if not isinstance(record, Mapping):
                    raise ResultsFormatError(f"it is {_json_kind(record)}, not an object")
                cases.append(CaseResult.from_dict(record))
            except _MALFORMED as e:
                raise ResultsFormatError(
                    f"{source}: case {i} of {len(records)} is malformed: {e}; {_DAMAGED}"
                ) from None
        try:
            floor = _opt(d, "floor", Mapping)
            return cls(
                cases=tuple(cases),
                env=dict(_opt(d, "env", Mapping) or {}),
                config=dict(_opt(d, "config", Mapping) or {}),
                floor=Floor(**_numbers(floor, ("clock_read", "call_overhead"))) if floor else None,
                skipped=tuple(
                    Skip(**_strings(s, ("what", "reason")), failed=s.get("failed") is True)
                    for s in _opt(d, "skipped", list) or ()
                ),
                started=str(d.get("started", "")),
                finished=str(d.get("finished", "")),
                arraybench_version=str(d.get("arraybench", "")),
                extra=dict(_opt(d, "extra", Mapping) or {}),
                machines=_machines(d),
            )
        except _MALFORMED as e:
            raise ResultsFormatError(f"{source}: a record is malformed: {e}; {_DAMAGED}") from None


def load(path: str | os.PathLike[str]) -> RunResult:
    """Read a results file written by :meth:`RunResult.save`."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ResultsFormatError(f"{p}: no such results file; check the path") from None
    except UnicodeDecodeError:
        raise ResultsFormatError(
            f"{p} is not a text file, so not arraybench results; give the .json file that "
            "'arraybench run --json PATH' wrote"
        ) from None
    except OSError as e:
        raise ResultsFormatError(f"{p}: cannot be read: {e.strerror or e}") from None
    if not text.strip():
        raise ResultsFormatError(f"{p} is empty; re-run to produce it again")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ResultsFormatError(
            f"{p} is truncated or not JSON (line {e.lineno}, column {e.colno}: {e.msg}); "
            "re-run to produce it again"
        ) from None
    except (ValueError, RecursionError) as e:  # a number too long, nesting too deep
        raise ResultsFormatError(f"{p} is not arraybench results ({e}); {_DAMAGED}") from None
    return RunResult.from_dict(data, source=str(p))


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
    shared = num.by_round.keys() & den.by_round.keys()
    owner = num.round_process
    by_process: dict[int, list[float]] = {}
    for r in shared:
        if den.by_round[r] > 0:
            by_process.setdefault(owner[r], []).append(num.by_round[r] / den.by_round[r])
    if len(by_process) >= 2:
        per = [stats.median(v) for _, v in sorted(by_process.items())]
        return stats.restated(stats.repeat_interval(per, "pairs", at, stats.median(per)), share)
    paired = stats.paired_ratio(num.by_round, den.by_round, at)
    if paired is not None:
        return stats.restated(paired, share)
    return stats.unpaired_ratio(num, den, level)  # each side takes its own share


#: What reading a damaged record can raise, all turned into one ResultsFormatError.
_MALFORMED = (
    ResultsFormatError,
    TypeError,
    ValueError,
    KeyError,
    AttributeError,
    OverflowError,
    RecursionError,
)
_DAMAGED = "the file is damaged or was edited by hand: re-run to produce it again"


def _opt(d: Mapping[str, Any], key: str, types: type | tuple[type, ...]) -> Any:
    """An optional field: None when absent or null, else it must have one of ``types``."""
    v = d.get(key)
    if v is None:
        return None
    if not isinstance(v, types) or (isinstance(v, bool) and bool not in _tuple(types)):
        raise ResultsFormatError(_wrong_type(key, v, types))
    return v


def _wrong_type(key: str, v: Any, types: type | tuple[type, ...]) -> str:
    """``"field 'size' is str, not an integer"``, in JSON's words."""
    words = {
        str: "a string",
        int: "an integer",
        float: "a number",
        list: "a list",
        bool: "a boolean",
    }
    wanted = " or ".join(dict.fromkeys(words.get(t, "an object") for t in _tuple(types)))
    return f"field {key!r} is {_json_kind(v)}, not {wanted}"


def _json_kind(v: Any) -> str:
    for t, word in (
        (bool, "a boolean"),
        (str, "a string"),
        (int, "an integer"),
        (float, "a number"),
        (list, "a list"),
        (Mapping, "an object"),
    ):
        if isinstance(v, t):
            return word
    return "null" if v is None else type(v).__name__


def _tuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


def _numbers(d: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, float]:
    return {k: float(_get(d, k, (int, float))) for k in keys}


def _strings(d: Any, keys: tuple[str, ...]) -> dict[str, str]:
    if not isinstance(d, Mapping):
        raise ResultsFormatError(f"a skipped entry is {_json_kind(d)}, not an object")
    return {k: _get(d, k, str) for k in keys}


def _machines(d: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The run's "machines": an object of objects, by machine name."""
    out = {}
    for name, record in (_opt(d, "machines", Mapping) or {}).items():
        if not isinstance(record, Mapping):
            raise ResultsFormatError(_wrong_type(f"machines.{name}", record, Mapping))
        out[str(name)] = dict(record)
    return out


def _get(d: Mapping[str, Any], key: str, types: type | tuple[type, ...]) -> Any:
    if key not in d:
        raise ResultsFormatError(f"missing field {key!r}")
    v = d[key]
    if not isinstance(v, types) or (isinstance(v, bool) and bool not in _tuple(types)):
        raise ResultsFormatError(_wrong_type(key, v, types))
    return v


def _json_float(v: float) -> float | str:
    # JSON has no NaN or infinity; keep them readable as strings rather than invalid JSON.
    return v if math.isfinite(v) else str(v)


def _float_or_nan(v: Any) -> float:
    try:
        return float(v)
    except (TypeError, ValueError):
        return math.nan


def _json_default(o: Any) -> Any:
    if hasattr(o, "item"):
        return o.item()
    if isinstance(o, tuple | set | frozenset):
        return list(o)
    return str(o)
