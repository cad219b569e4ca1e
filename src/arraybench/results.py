"""Results: frozen records of what was measured, and their versioned JSON format.

Format history (``"version"`` in the file):
    1  (arraybench 0.1) first format: cases with raw per-call samples, checks, env, floor;
       optional fields added since, read as absent from older files: case "extends"/"phase",
       run "extra" (experiment answers, findings, fits).
    2  (arraybench 0.1) status "skipped" (larger sizes of a series after a timeout or out of
       memory) and the case field "failure" (raised, mismatch, crash, timeout, oom,
       not-attempted). Version 1 files read unchanged.

Reading never executes anything from a file: it is plain JSON, validated field by field. A file from
a newer format version is refused with a message that says to upgrade, never misread.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._files import atomic_write
from .analysis import stats
from .errors import ResultsFormatError

if TYPE_CHECKING:
    import pandas as pd
    from rich.console import Console

FORMAT_NAME = "arraybench.results"
FORMAT_VERSION = 2

OK, FAILED, SKIPPED = "ok", "failed", "skipped"
STATUSES = (OK, FAILED, SKIPPED)
#: Why a case failed, for programs: it raised, its numbers were wrong, it crashed its worker, it
#: ran past --timeout, it ran out of memory (host or GPU); or why it was skipped.
FAILURES = ("raised", "mismatch", "crash", "timeout", "oom", "not-attempted")


@dataclass(frozen=True)
class Measurement:
    """The timing of one case: raw samples and how sampling went.

    Attributes:
        samples: seconds per call, one value per sample (a sample is ``loops`` calls).
        loops: calls per sample, calibrated so that a sample is well above the clock's resolution.
        first_call: seconds of the very first call (compilation, tracing, caches, allocation).
        warmup_calls: calls made after the first and before sampling (calibration included).
        stop: why sampling ended: ``converged`` (CI within target), ``budget`` or ``max_samples``.
        elapsed: seconds spent on the case in all, first call included.
        warnings: plain-language notes on the quality of the numbers, each naming cause and fix.
    """

    samples: tuple[float, ...]
    loops: int
    first_call: float
    warmup_calls: int = 0
    stop: str = "converged"
    elapsed: float = 0.0
    warnings: tuple[str, ...] = ()

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

    @property
    def median(self) -> float:
        return stats.median(self.samples)

    @property
    def ci(self) -> tuple[float, float]:
        """The median's 95% confidence interval (wider, with its level, for under 6 samples)."""
        lo, hi, _ = stats.median_ci(self.samples)
        return lo, hi

    @property
    def ci_level(self) -> float:
        return stats.median_ci(self.samples)[2]

    @property
    def rel_ci(self) -> float:
        """Half-width of the CI relative to the median (0.02 means ±2%)."""
        return stats.relative_halfwidth(self.samples)

    @property
    def min(self) -> float:
        return min(self.samples)

    @property
    def iqr(self) -> float:
        return stats.iqr(self.samples)

    def to_dict(self) -> dict[str, Any]:
        return {
            "samples": list(self.samples),
            "loops": self.loops,
            "first_call": self.first_call,
            "warmup_calls": self.warmup_calls,
            "stop": self.stop,
            "elapsed": self.elapsed,
            "warnings": list(self.warnings),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Measurement:
        return cls(
            samples=tuple(float(v) for v in _get(d, "samples", list)),
            loops=_get(d, "loops", int),
            first_call=float(_get(d, "first_call", (int, float))),
            warmup_calls=int(d.get("warmup_calls", 0)),
            stop=str(d.get("stop", "converged")),
            elapsed=float(d.get("elapsed", 0.0)),
            warnings=tuple(str(w) for w in d.get("warnings", ())),
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

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {STATUSES}, got {self.status!r}")
        if self.status in (FAILED, SKIPPED) and not self.error:
            raise ValueError(f"a {self.status} case needs an error saying why")
        if self.failure is not None and self.failure not in FAILURES:
            raise ValueError(f"failure must be one of {FAILURES}, got {self.failure!r}")
        if self.status == OK and self.measurement is None:
            raise ValueError("an ok case needs a measurement")

    @property
    def ok(self) -> bool:
        return self.status == OK

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
        )


@dataclass(frozen=True)
class Skip:
    """Cases that were not run, grouped, and why (a backend not installed, a dtype it lacks...)."""

    what: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"what": self.what, "reason": self.reason}


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

    # -- views --------------------------------------------------------------------------------

    def __iter__(self) -> Iterator[CaseResult]:
        return iter(self.cases)

    def __len__(self) -> int:
        return len(self.cases)

    @property
    def failed(self) -> tuple[CaseResult, ...]:
        return tuple(c for c in self.cases if c.status == FAILED)

    @property
    def all_passed(self) -> bool:
        return not self.failed

    def find(self, **where: Any) -> list[CaseResult]:
        """Cases whose fields equal every keyword given, e.g. ``find(backend="numpy", size=10)``."""
        return [c for c in self.cases if all(getattr(c, k) == v for k, v in where.items())]

    def reference_for(self, case: CaseResult) -> CaseResult | None:
        """The measured reference case to compare ``case`` with: same workload, size and dtype
        if the reference impl ran in it, else the reference's float64 case."""
        candidates = [
            c
            for c in self.cases
            if c.reference and c.ok and c.workload == case.workload and c.size == case.size
        ]
        for c in candidates:
            if c.dtype == case.dtype:
                return c
        for c in candidates:
            if c.dtype == "float64":
                return c
        return candidates[0] if candidates else None

    def table(self, console: Console | None = None, profile: Any = None) -> None:
        """Print the results as a table in the terminal (with the fraction of the machine's
        peak when given a profile from ``arraybench probe``)."""
        from .report.terminal import print_table

        print_table(self, console=console, profile=profile)

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
        rows = []
        for c in self.cases:
            m = c.measurement
            row: dict[str, Any] = {
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
                "min": m.min if m else None,
                "iqr": m.iqr if m else None,
                "samples": len(m.samples) if m else 0,
                "loops": m.loops if m else None,
                "first_call": m.first_call if m else None,
                "max_rel_err": c.check.max_rel_err if c.check else None,
                "error": c.error,
            }
            rows.append(row)
        return rows

    # -- the file format ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "arraybench": self.arraybench_version,
            "started": self.started,
            "finished": self.finished,
            "config": dict(self.config),
            "env": dict(self.env),
            "floor": self.floor.to_dict() if self.floor else None,
            "skipped": [s.to_dict() for s in self.skipped],
            "cases": [c.to_dict() for c in self.cases],
            "extra": dict(self.extra),
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
                    Skip(**_strings(s, ("what", "reason"))) for s in _opt(d, "skipped", list) or ()
                ),
                started=str(d.get("started", "")),
                finished=str(d.get("finished", "")),
                arraybench_version=str(d.get("arraybench", "")),
                extra=dict(_opt(d, "extra", Mapping) or {}),
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
