"""What a comparison of two runs holds (analysis/compare.py makes it): the verdicts and the
notes that explain them, each case's record, what did not match or failed, and the whole
comparison with its ``--json`` layout."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import stats
from ..config import DEFAULT_TARGET
from . import relative
from .canary import SpeedChange
from .control import ControlReading, Reference
from .envdiff import EnvChange
from .machines import Difference

#: A change must exceed 5% (its whole CI beyond it) to be called slower or faster: the engine's
#: default precision target (config.DEFAULT_TARGET), the precision each median is measured to.
#: Run-to-run drift of the same code on the same machine (frequency scaling, placement, a busy
#: neighbour) is typically 1-3% for medians, so the ratio of two medians is only resolved to a
#: few percent; 5% is the smallest change that stands clear of both. Use a larger threshold on
#: shared or virtual machines.
DEFAULT_THRESHOLD = DEFAULT_TARGET


def threshold_of(config: Mapping[str, Any]) -> float:
    """The band's half-width for one run: its ``--target`` (config ``target``), else
    :data:`DEFAULT_THRESHOLD`. Two cases of a run are tied (★ in its tables, "tied" in its
    headlines) only when their ratio's whole interval lies within this band
    (:meth:`.stats.Interval.within`), as two runs show "no change" within theirs."""
    target = config.get("target")
    if isinstance(target, int | float) and not isinstance(target, bool) and 0 < target < 1:
        return float(target)
    return DEFAULT_THRESHOLD


#: Significance level of the Mann-Whitney test (the usual 5%: one unchanged case in twenty may
#: pass the test by chance, which is why the effect-size threshold must also be met).
DEFAULT_ALPHA = 0.05
#: Confidence level of the ratio's CI.
CI_LEVEL = stats.CI_LEVEL

SLOWER, FASTER, SAME, UNSURE = "slower", "faster", "no change", "cannot tell"
VERDICTS = (SLOWER, FASTER, SAME, UNSURE)

#: Why a case got no verdict although it was measured in both runs, and what would settle it.
WIDE, FEW_SAMPLES, ZERO_MEDIAN = "interval wider than the band", "too few samples", "zero median"
#: A case whose own ratio could not tell, decided against the run's other cases.
RELATIVE = "read against the run's other cases"
CONTROL = "read against the control case"
#: A case whose code changed, decided against the cases whose code did not (no --control).
REFERENCE = "read against the unchanged cases"
#: A case of run B whose run measured run A's code beside it (``run --against``, the pytest
#: plugin's gate against a saved run whose commit is at hand): its ratio is that pairing's.
BESIDE = "measured beside A's code"
#: The keys of ``RunResult.extra``: where a run's code came from (its git commit, the files
#: changed since), and what a run measured beside it (another revision, round by round).
SOURCE_KEY = "source"
BESIDE_KEY = "against"
NOTES = {
    FEW_SAMPLES: "with this few independent units (processes, or blocks) no interval can be "
    "trusted whatever the times (a rank test could not reach p < 0.05 either): measure with "
    "more --processes or a larger --budget",
    WIDE: "the ratio's interval reaches past the no-change band on one side or both, so the "
    "runs can neither show a change nor rule one out: measure both with more --processes or a "
    "larger --budget (an interval under half the band decides a change of twice the band), or "
    "widen the band with --threshold; where another impl of the same workload did not change, "
    "--control IMPL reads the case against it round by round, which the machine's move between "
    "runs does not touch (docs/ci.md)",
    ZERO_MEDIAN: "the median in run A is 0 s (below the clock's resolution): there is no ratio",
    CONTROL: "its own ratio's interval reaches past the band, but against the control case you "
    "named (--control), measured beside it in the same rounds of every process, it moved beyond "
    "the band; the 'against the control' column gives that move, which rests on the control "
    "not having changed",
    REFERENCE: "its own ratio's interval reaches past the band, but against the cases of its "
    "workload, size and backend whose code and environment did not change between the runs, "
    "measured beside it in the same rounds of every process, it moved beyond the band; the "
    "'against the unchanged' column gives that move",
    BESIDE: "run B measured the code of run A's commit beside its own, in the same rounds of "
    "every process (run --against, or the pytest gate against a saved run whose commit is at "
    "hand): the ratio is that pairing's, which the machine's move between the two runs does not "
    "touch; the times saved in A are not read",
    RELATIVE: "its own ratio's interval reaches past the band, but against the run's other "
    "cases (which moved together: the machine's state) it moved beyond the band, read both "
    "against all of them and against those measured side by side with it; the 'against the "
    "run' column gives that move",
}
#: The version of :meth:`Comparison.to_dict`'s layout. 1 (no ``format`` key): ``verdict`` from
#: ``ratio_ci`` alone. 2: adds ``absolute_verdict``, ``decided_by``, each case's ``relative``
#: reading and ``relative_off`` reason, and the comparison's ``relative``; ``verdict`` is then
#: the final one (a case's own ratio when it decides, else its reading against the run). 3: adds
#: the comparison's ``reference`` (the unchanged cases read as the reference, without
#: ``--control``) and ``decided_by: "reference"``. 4: adds the comparison's ``beside`` (the
#: commit of A's code that B measured beside it, or null) and ``decided_by: "beside"``.
FORMAT = 4


Key = tuple[str, str, str, str, str, int]


# -- the records --------------------------------------------------------------------------------


def _case_name(key: Key) -> str:
    workload, impl, backend, device, dtype, size = key
    return f"{workload}/{impl}[{backend}:{device}:{dtype}] n={size}"


def _finite(v: float) -> float | None:
    return v if math.isfinite(v) else None


@dataclass(frozen=True)
class CaseComparison:
    """One case measured in both runs.

    Attributes:
        key: (workload, impl, backend, device, dtype, size).
        median_a: median seconds per call in run A.
        median_b: median seconds per call in run B.
        ratio: median_b / median_a (above 1: B is slower); NaN when median_a is 0.
        ratio_ci: 95% CI of the ratio.
        p: two-sided Mann-Whitney p-value of A's units against B's.
        u: the U statistic of A's units.
        n_a: independent units in A (processes, or blocks).
        n_b: independent units in B.
        verdict: ``slower``, ``faster``, ``no change`` or ``cannot tell`` (module docstring):
            the absolute verdict where it decides, else the relative reading's slower or faster.
        note: why the data could not support a verdict, or that the relative reading decided it
            (a key of :data:`NOTES`), or "".
        absolute_verdict: the verdict of the case's own ratio interval (``ratio_ci``) alone;
            the same as ``verdict`` unless the relative reading decided.
        relative: the case's move against the run's other cases (analysis/relative.py), or None.
        relative_off: why it has no relative reading, or "".
        control: the case's move against the control case (``--control``;
            analysis/control.py), or None.
        control_off: why it has none when a control was named, or "".
    """

    key: Key
    median_a: float
    median_b: float
    ratio: float
    ratio_ci: tuple[float, float]
    p: float
    u: float
    n_a: int
    n_b: int
    verdict: str
    note: str = ""
    absolute_verdict: str = ""
    relative: relative.Relative | None = None
    relative_off: str = ""
    control: ControlReading | None = None
    control_off: str = ""

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"verdict must be one of {VERDICTS}, got {self.verdict!r}")
        if not self.absolute_verdict:
            object.__setattr__(self, "absolute_verdict", self.verdict)
        elif self.absolute_verdict not in VERDICTS:
            raise ValueError(
                f"absolute_verdict must be one of {VERDICTS}, got {self.absolute_verdict!r}"
            )

    @property
    def by_control(self) -> bool:
        """Whether the verdict came from the control reading (a control named, or the unchanged
        cases as the reference)."""
        return self.control is not None and self.note in (CONTROL, REFERENCE)

    @property
    def by_relative(self) -> bool:
        """Whether the verdict came from the relative reading (the case's own ratio could not
        tell)."""
        return self.relative is not None and self.note == RELATIVE

    @property
    def decisive(self) -> tuple[float, float, float]:
        """The ratio and interval the verdict rests on: the relative reading's when it decided,
        else the case's own."""
        if self.by_control:
            assert self.control is not None
            return (self.control.ratio, *self.control.ci)
        if self.by_relative:
            assert self.relative is not None
            return (self.relative.ratio, *self.relative.ci)
        return (self.ratio, *self.ratio_ci)

    @property
    def name(self) -> str:
        return _case_name(self.key)

    @property
    def change(self) -> float:
        """Relative change of the median: +0.3 is 30% slower, -0.2 is 20% faster."""
        return self.ratio - 1.0

    def slower_beyond(self, threshold: float) -> bool:
        """Slower by more than ``threshold``: the whole CI above ``1 + threshold`` (the verdicts
        rest on the interval alone); where the case's own interval cannot tell, its relative
        reading's (both readings' intervals above it)."""
        if self.absolute_verdict == UNSURE and any(
            r is not None and r.slower_beyond(threshold) for r in (self.relative, self.control)
        ):
            return True
        return (
            self.note != FEW_SAMPLES
            and math.isfinite(self.ratio_ci[0])
            and self.ratio_ci[0] > 1.0 + threshold
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "case": self.name,
            "workload": self.key[0],
            "impl": self.key[1],
            "backend": self.key[2],
            "device": self.key[3],
            "dtype": self.key[4],
            "size": self.key[5],
            "median_a": self.median_a,
            "median_b": self.median_b,
            "ratio": _finite(self.ratio),
            "ratio_ci": [_finite(self.ratio_ci[0]), _finite(self.ratio_ci[1])],
            "p": self.p,
            "u": self.u,
            "units_a": self.n_a,
            "units_b": self.n_b,
            "verdict": self.verdict,
            "note": self.note,
            "absolute_verdict": self.absolute_verdict,
            "decided_by": (
                "beside"
                if self.note == BESIDE
                else ("reference" if self.note == REFERENCE else "control")
                if self.by_control
                else "relative"
                if self.by_relative
                else "absolute"
            ),
            "relative": self.relative.to_dict() if self.relative is not None else None,
            "relative_off": self.relative_off or None,
            "control": self.control.to_dict() if self.control is not None else None,
            "control_off": self.control_off or None,
        }


@dataclass(frozen=True)
class Unmatched:
    """A case in only one of the runs (``side`` is ``"A"`` or ``"B"``: the run that has it)."""

    key: Key
    side: str

    @property
    def name(self) -> str:
        return _case_name(self.key)

    def to_dict(self) -> dict[str, Any]:
        return {"case": self.name, "only_in": self.side}


@dataclass(frozen=True)
class FailedPair:
    """A case in both runs that failed in at least one, so it has no timing to compare.

    Attributes:
        key: the case.
        failed_in: ``"A"``, ``"B"`` or ``"both"``.
        error_a: why it failed in A (None if it passed there).
        error_b: why it failed in B (None if it passed there).
    """

    key: Key
    failed_in: str
    error_a: str | None = None
    error_b: str | None = None

    @property
    def name(self) -> str:
        return _case_name(self.key)

    @property
    def error(self) -> str:
        """The error of the run where it failed (B's first: the newer run is usually the news)."""
        lines = (self.error_b or self.error_a or "").strip().splitlines()
        return lines[0] if lines else ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "case": self.name,
            "failed_in": self.failed_in,
            "error_a": self.error_a,
            "error_b": self.error_b,
        }


@dataclass(frozen=True)
class Summary:
    """Counts of each verdict, and the worst slowdown (None when nothing got slower)."""

    slower: int
    faster: int
    same: int
    unmatched: int
    failed: int
    worst: CaseComparison | None
    unsure: int = 0

    def text(self) -> str:
        """One line: ``2 slower, 1 faster, 40 no change, 2 cannot tell, 3 unmatched, 1 failed;
        worst: ...``."""
        parts = [
            f"{self.slower} slower",
            f"{self.faster} faster",
            f"{self.same} no change",
        ]
        if self.unsure:
            parts.append(f"{self.unsure} cannot tell")
        if self.unmatched:
            parts.append(f"{self.unmatched} unmatched")
        if self.failed:
            parts.append(f"{self.failed} failed")
        line = ", ".join(parts)
        if self.worst is not None:
            w = self.worst
            ratio, lo, hi = w.decisive
            against = (
                " against the control"
                if w.by_control
                else " against the run"
                if w.by_relative
                else ""
            )
            line += (
                f"; worst: {w.name} {ratio:.2f}x [{lo:.2f}-{hi:.2f}] (+{ratio - 1:.0%}{against})"
            )
        return line

    def to_dict(self) -> dict[str, Any]:
        return {
            "slower": self.slower,
            "faster": self.faster,
            "same": self.same,
            "cannot_tell": self.unsure,
            "unmatched": self.unmatched,
            "failed": self.failed,
            "worst": self.worst.to_dict() if self.worst else None,
        }


_ORDER = {SLOWER: 0, UNSURE: 1, SAME: 2, FASTER: 3}


@dataclass(frozen=True)
class Comparison:
    """Run B compared with run A.

    Attributes:
        cases: the cases measured in both, worst first (slowdowns by ratio, then those that
            cannot be told, the unchanged, the faster).
        unmatched: cases in only one run.
        failed: cases in both runs that failed in at least one.
        env_changes: what differs between the runs' environments and settings.
        environment: what differs in the two machines' descriptions (CPU model, cores, GPU,
            Python, library versions, BLAS, thread policy): the short list.
        threshold: the no-change band's half-width (0.05: within 5% is no change).
        alpha: the level of the Mann-Whitney test reported beside each case (not a verdict's).
        seed: kept for files written when the ratio's CI came from a seeded bootstrap (0 now).
        meta: what identifies the two runs (start time, number of cases, and the machine of
            each when they are machines of one run), for reports.
        speed: how the machine's speed moved from A to B, from the runs' canaries (None when
            either run has none); when it moved, every ratio was divided by it.
        widened: the machine's run-to-run drift every ratio's interval was widened by (a run
            without a canary), or None.
        common_move: how the cases read against each other moved together from A to B (1.03:
            3% slower in B; the median of their moves, the machine's state), or None when fewer
            than two could be read.
        relative_read: how many cases have a relative reading.
        relative_off: why the others have none: (reason, how many cases), most first.
        control: the control case named (``IMPL`` or ``IMPL:BACKEND``), or None.
        control_read: how many cases have a control reading.
        control_off: why the others have none: (reason, how many cases), most first.
        reference: how the changed cases were read without ``--control``: against the cases
            whose code did not change (:class:`Reference`), or None with a control named.
        no_canary: each run without a canary reading ("A" or "B") and why (:func:`no_canary`).
        beside: the commit of A's code that run B measured beside its own (its cases' ratios
            are that pairing's, note :data:`BESIDE`), or None.
    """

    cases: tuple[CaseComparison, ...]
    unmatched: tuple[Unmatched, ...] = ()
    failed: tuple[FailedPair, ...] = ()
    env_changes: tuple[EnvChange, ...] = ()
    environment: tuple[Difference, ...] = ()
    threshold: float = DEFAULT_THRESHOLD
    alpha: float = DEFAULT_ALPHA
    seed: int = 0
    meta: Mapping[str, Any] = field(default_factory=dict)
    speed: SpeedChange | None = None
    widened: float | None = None
    common_move: float | None = None
    relative_read: int = 0
    relative_off: tuple[tuple[str, int], ...] = ()
    control: str | None = None
    control_read: int = 0
    control_off: tuple[tuple[str, int], ...] = ()
    reference: Reference | None = None
    no_canary: tuple[tuple[str, str], ...] = ()
    beside: str | None = None

    def with_verdict(self, verdict: str) -> tuple[CaseComparison, ...]:
        return tuple(c for c in self.cases if c.verdict == verdict)

    def slower_beyond(self, threshold: float) -> tuple[CaseComparison, ...]:
        """Cases slower with their whole ratio CI above ``1 + threshold`` (a CI gate may fail on
        a larger change than the one the verdicts use)."""
        return tuple(c for c in self.cases if c.slower_beyond(threshold))

    @property
    def summary(self) -> Summary:
        slower = self.with_verdict(SLOWER)
        return Summary(
            slower=len(slower),
            faster=len(self.with_verdict(FASTER)),
            same=len(self.with_verdict(SAME)),
            unmatched=len(self.unmatched),
            failed=len(self.failed),
            worst=max(slower, key=lambda c: c.decisive[0]) if slower else None,
            unsure=len(self.with_verdict(UNSURE)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "threshold": self.threshold,
            "alpha": self.alpha,
            "seed": self.seed,
            "meta": dict(self.meta),
            "machine_speed": self.speed.to_dict() if self.speed is not None else None,
            "widened_by_drift": self.widened,
            "relative": {
                "common_move": self.common_move,
                "cases_read": self.relative_read,
                "off": dict(self.relative_off),
            },
            "control": {
                "case": self.control,
                "cases_read": self.control_read,
                "off": dict(self.control_off),
            }
            if self.control is not None
            else None,
            "reference": self.reference.to_dict() if self.reference is not None else None,
            "beside": self.beside,
            "summary": self.summary.to_dict(),
            "env_changes": [e.to_dict() for e in self.env_changes],
            "environments_differ": [d.to_dict() for d in self.environment],
            "cases": [c.to_dict() for c in self.cases],
            "unmatched": [u.to_dict() for u in self.unmatched],
            "failed": [f.to_dict() for f in self.failed],
        }
