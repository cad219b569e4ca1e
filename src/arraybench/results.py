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
       tables show it). "ratios" is derived from the cases and ignored when read. Run "time"
       (where the wall time went: "wall", "parts" by name, "compile_cache"); measurement
       "first_call_cache" (each process's first call "cold" or "warm" against the persistent
       compile cache) and "first_calls" (each process's first call); measurement "alpha_share"
       (below 1 for a case measured with adaptive spending, whose intervals are taken at a
       higher level so that its looks keep the stated one; absent: 1); older versions of
       arraybench read such a file and ignore them.
    4  (arraybench 0.2) cases from several machines (``--cluster``): case "machine" names the
       machine it ran on, run "machines" holds each machine's record (host, CPU, cores, GPUs,
       library versions, BLAS) by name. Written only when some case carries a machine, so that
       a run on one machine stays a version 3 file that older versions read; an older version
       refuses a version 4 file rather than mixing cases from different machines.
    5  (arraybench 0.3) case failure "compiles": a case that kept compiling while it was timed
       (its samples held compilations), reported with the evidence in place of a time; and
       measurement "compiles" (per block, the compilations its library counted while the block
       was timed), which older versions ignore. Written only when some case failed so, so that
       other runs stay version 3 (or 4) files that older versions read; an older version
       refuses a version 5 file rather than calling the new failure damaged.

Reading never executes anything from a file: it is plain JSON, validated field by field. A file from
a newer format version is refused with a message that says to upgrade, never misread.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .base import hooks, stats
from .base.errors import ResultsFormatError
from .base.fields import (
    DAMAGED,
    MALFORMED,
    float_or_nan,
    json_default,
    json_float,
    json_kind,
    numbers,
    optional,
    required,
    strings,
    wrong_type,
)
from .base.files import atomic_write
from .measurement import Measurement, time_ratio

if TYPE_CHECKING:
    import pandas as pd
    from rich.console import Console

FORMAT_NAME = "arraybench.results"
FORMAT_VERSION = 5
#: The version written when no case names a machine (the files of runs on one machine).
SINGLE_MACHINE_VERSION = 3
#: The version that machines need (``--cluster``), and the one that the failure "compiles"
#: needs: each written only when a run holds it.
MACHINES_VERSION = 4
COMPILES_VERSION = 5

OK, FAILED, SKIPPED = "ok", "failed", "skipped"
STATUSES = (OK, FAILED, SKIPPED)
#: Why a case failed, for programs: it raised, its numbers were wrong, it crashed its worker, it
#: ran past --timeout, it ran out of memory (host or GPU), it kept compiling while it was timed
#: (so its samples are no steady time); or why it was skipped.
FAILURES = ("raised", "mismatch", "crash", "timeout", "oom", "not-attempted", "compiles")
#: Why an ok case has no check although checking was on: its workload has nothing to compare
#: with (one impl on one backend: shown as "—", not a warning), or the reference impl could not
#: run here (its backend is not installed: the run's ``skipped`` says why).
NO_REFERENCE, REFERENCE_UNAVAILABLE = "no-reference", "reference-unavailable"
UNCHECKED = (NO_REFERENCE, REFERENCE_UNAVAILABLE)


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
            "max_abs_err": json_float(self.max_abs_err),
            "max_rel_err": json_float(self.max_rel_err),
            "rtol": self.rtol,
            "message": self.message,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Check:
        return cls(
            passed=bool(required(d, "passed", bool)),
            max_abs_err=float_or_nan(d.get("max_abs_err")),
            max_rel_err=float_or_nan(d.get("max_rel_err")),
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
    #: a digest of the code the case ran (its impl and the input builder: base/digest.py), so
    #: that compare can read the cases whose code changed against those whose code did not.
    #: None in files from before arraybench kept it (an optional key: older readers skip it).
    code: str | None = None

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
            **({"code": self.code} if self.code is not None else {}),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CaseResult:
        m = d.get("measurement")
        c = d.get("check")
        return cls(
            workload=required(d, "workload", str),
            impl=required(d, "impl", str),
            backend=required(d, "backend", str),
            device=required(d, "device", str),
            dtype=required(d, "dtype", str),
            size=required(d, "size", int),
            status=required(d, "status", str),
            measurement=Measurement.from_dict(m) if m is not None else None,
            check=Check.from_dict(c) if c is not None else None,
            error=optional(d, "error", str),
            inputs=optional(d, "inputs", str),
            flops=optional(d, "flops", (int, float)),
            bytes=optional(d, "bytes", (int, float)),
            reference=bool(d.get("reference", False)),
            extends=optional(d, "extends", str),
            phase=optional(d, "phase", str),
            failure=optional(d, "failure", str),
            unchecked=optional(d, "unchecked", str),
            computed_in=optional(d, "computed_in", str),
            machine=optional(d, "machine", str),
            code=optional(d, "code", str),
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


#: The parts of a run's wall time (:class:`TimeSplit`), in the order they are shown; an
#: experiment's extra measurements are a part of their own, named ``extras NAME``.
TIME_PARTS = (
    "start-up",
    "imports",
    "compilation",
    "first calls",
    "inputs and checks",
    "measuring",
    "extras",
    "reporting",
    "shut-down",
    "other",
)


@dataclass(frozen=True)
class TimeSplit:
    """Where a run's wall time went, part by part (measured, not estimated: see
    :mod:`arraybench.measure.walltime`).

    Attributes:
        wall: seconds from start to end (the whole command for ``arraybench run``, Python's own
            start included; the call for :func:`arraybench.run`).
        parts: seconds by part, in :data:`TIME_PARTS` order (``extras NAME`` for each
            experiment's extra measurements); ``other`` is what the named parts leave of
            ``wall``, so they add up to it. Worker processes' parts are counted while the run
            waits for them, as the person waiting sees them.
        compile_cache: the folder of the libraries' persistent compile caches, or None when
            they were off (``ARRAYBENCH_COMPILE_CACHE=off``).
    """

    wall: float
    parts: Mapping[str, float]
    compile_cache: str | None = None

    @classmethod
    def of(
        cls, wall: float, parts: Mapping[str, float], compile_cache: str | None = None
    ) -> TimeSplit:
        """The split of ``wall`` seconds from the named ``parts`` (other: the rest)."""
        named = {k: float(v) for k, v in parts.items() if k != "other" and v > 0}
        wall = max(float(wall), sum(named.values()))
        ordered = dict(sorted(named.items(), key=lambda kv: _part_rank(kv[0])))
        ordered["other"] = max(0.0, wall - sum(named.values()))
        return cls(wall, ordered, compile_cache)

    @classmethod
    def total(cls, splits: Sequence[TimeSplit]) -> TimeSplit:
        """Several runs one after another (a session's experiments) as one split."""
        parts: dict[str, float] = {}
        for t in splits:
            for k, v in t.parts.items():
                parts[k] = parts.get(k, 0.0) + v
        cache = next((t.compile_cache for t in splits if t.compile_cache), None)
        return cls.of(sum(t.wall for t in splits), parts, cache)

    def to_dict(self) -> dict[str, Any]:
        return {"wall": self.wall, "parts": dict(self.parts), "compile_cache": self.compile_cache}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TimeSplit:
        parts = required(d, "parts", Mapping)
        return cls(
            wall=float(required(d, "wall", (int, float))),
            parts={str(k): float(v) for k, v in parts.items() if isinstance(v, int | float)},
            compile_cache=optional(d, "compile_cache", str),
        )


def _part_rank(name: str) -> tuple[int, str]:
    base = "extras" if name.startswith("extras ") else name
    return (TIME_PARTS.index(base) if base in TIME_PARTS else len(TIME_PARTS) - 1, name)


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
    #: Where the run's wall time went (None in results from before it was recorded).
    time: TimeSplit | None = None

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
        when given a profile from ``arraybench probe``). (:func:`arraybench.report.summary.table`)
        """
        hooks.call("table", self, console=console, profile=profile, verbose=verbose)

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
        peak when this machine was probed) to ``outdir``. Needs matplotlib.
        (:func:`arraybench.report.plots.save`)"""
        paths: list[Path] = hooks.call("plot", self, outdir, formats=formats, baseline=baseline)
        return paths

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The cases as CSV, one row each; written to ``path`` when given.
        (:func:`arraybench.report.export.to_csv`)"""
        text: str = hooks.call("to_csv", self, path)
        return text

    def _repr_html_(self) -> str:
        """The notebook view: answers, tables, plots (:mod:`arraybench.report.notebook`)."""
        html: str = hooks.call("html", self)
        return html

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's text: a line, not every sample of every case (the dataclass's repr)."""
        workloads = ", ".join(dict.fromkeys(c.workload for c in self.cases)) or "nothing"
        failed = f", {len(self.failed)} failed" if self.failed else ""
        printer.text(
            f"<RunResult: {len(self.cases)} cases of {workloads}{failed}; .table() prints them>"
        )

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

    @property
    def format_version(self) -> int:
        """The oldest format that holds this run: 3, 4 with machines, 5 with a case that kept
        compiling (older versions of arraybench read the files of the versions they know)."""
        if any(c.failure == "compiles" for c in self.cases):
            return COMPILES_VERSION
        return MACHINES_VERSION if self.machine_names else SINGLE_MACHINE_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT_NAME,
            "version": self.format_version,
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
            **({"time": self.time.to_dict()} if self.time is not None else {}),
        }

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the results as JSON, atomically: a crash never leaves half a file behind."""
        text = json.dumps(self.to_dict(), indent=1, allow_nan=False, default=json_default)
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
                f"{source}: format version {version!r} is not valid; {DAMAGED}"
            )
        if version > FORMAT_VERSION:
            raise ResultsFormatError(
                f"{source} was written in results format {version}, newer than this arraybench "
                f"reads ({FORMAT_VERSION}): upgrade arraybench (pip install -U arraybench)"
            )
        try:
            records = required(d, "cases", list)
        except ResultsFormatError as e:
            raise ResultsFormatError(f"{source}: {e}; {DAMAGED}") from None
        cases = []
        for i, record in enumerate(records, 1):
            try:
                if not isinstance(record, Mapping):
                    raise ResultsFormatError(f"it is {json_kind(record)}, not an object")
                cases.append(CaseResult.from_dict(record))
            except MALFORMED as e:
                raise ResultsFormatError(
                    f"{source}: case {i} of {len(records)} is malformed: {e}; {DAMAGED}"
                ) from None
        try:
            floor = optional(d, "floor", Mapping)
            return cls(
                cases=tuple(cases),
                env=dict(optional(d, "env", Mapping) or {}),
                config=dict(optional(d, "config", Mapping) or {}),
                floor=Floor(**numbers(floor, ("clock_read", "call_overhead"))) if floor else None,
                skipped=tuple(
                    Skip(**strings(s, ("what", "reason")), failed=s.get("failed") is True)
                    for s in optional(d, "skipped", list) or ()
                ),
                started=str(d.get("started", "")),
                finished=str(d.get("finished", "")),
                arraybench_version=str(d.get("arraybench", "")),
                extra=dict(optional(d, "extra", Mapping) or {}),
                machines=_machines(d),
                time=TimeSplit.from_dict(d["time"]) if d.get("time") is not None else None,
            )
        except MALFORMED as e:
            raise ResultsFormatError(f"{source}: a record is malformed: {e}; {DAMAGED}") from None


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
        raise ResultsFormatError(f"{p} is not arraybench results ({e}); {DAMAGED}") from None
    return RunResult.from_dict(data, source=str(p))


def _machines(d: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The run's "machines": an object of objects, by machine name."""
    out = {}
    for name, record in (optional(d, "machines", Mapping) or {}).items():
        if not isinstance(record, Mapping):
            raise ResultsFormatError(wrong_type(f"machines.{name}", record, Mapping))
        out[str(name)] = dict(record)
    return out
