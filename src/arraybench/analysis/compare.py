"""Two runs side by side: which cases got slower or faster, how sure we are, and what changed.

For each case measured in both runs (same workload, impl, backend, device, dtype and size):

    units    = the independent units of each measurement: its processes' medians when it was
               measured in several, else its blocks' medians (samples in results from before
               blocks); consecutive samples share the machine's state and are not independent
    ratio    = median(B) / median(A)                  (> 1: B is slower)
    ratio CI = each median's interval at sqrt(95%), combined: [low_B / high_A, high_B / low_A]
               (measurement.time_ratio; the runs were not measured side by side, so nothing pairs)
    p        = two-sided Mann-Whitney U test of A's units against B's (normal approximation,
               tie and continuity corrections), reported, not used by the verdict
    band     = the no-change band [1 / (1 + threshold), 1 + threshold]; the threshold defaults
               to the runs' --target (the precision each median was measured to)
    verdict  = "slower"      if the whole CI lies above the band   (CI low  > 1 + threshold)
               "faster"      if the whole CI lies below it         (CI high < 1 / (1 + threshold))
               "no change"   if the whole CI lies inside it
               "cannot tell" otherwise: the CI reaches past the band, and the data can neither
                             call it a change nor rule one out; the note says what would settle it

Each case is also read against the run's other cases (analysis/relative.py): the machine's
state moves every case of a run together, a change to one case's code moves that case alone, so
the case's move relative to the others' common move leaves the machine out and is far narrower
than its own ratio's interval (which must hold whatever the machine did between the runs). The
final verdict:

    verdict  = the case's own verdict (above) when it decides: slower, faster or no change
               else, when its interval was only too wide (not too few units, no zero median),
               slower or faster from the relative reading, when that lies beyond the band both
               against every other case and against those measured side by side with it
               ("read against the run's other cases"; ``absolute_verdict`` keeps its own)
               else cannot tell

The relative reading never says "no change" (a change that touched every case alike moves none
of them relative to the others), and it is off, with the reason said in compare's header, for a
case measured in fewer than 3 processes (or without rounds: results from before them) in either
run, with fewer than 4 other such cases or fewer than 2 measured side by side with it, or when
the other cases did not move together (fewer than 3 in 4 of them within the band of their common
move, counting those whose own ratio is slower or faster as moved: a change that touched most
cases would make the untouched ones look changed), and for cases of different machines.

With ``control`` named (``--control IMPL[:BACKEND]``, analysis/control.py), each case is also
read against that one case of its workload and size, measured beside it in every process: where
its own interval was too wide and that reading lies beyond the band, it decides ("read against
the control case"), before the relative reading; it too never says "no change".

A verdict is a statement about the interval, so it holds as often as the interval does: a change
smaller than the band is "no change" however many samples say it is real (with thousands a test
finds a 0.5% shift "significant", which nobody should act on), and a large ratio from a handful
of noisy samples is "cannot tell", not "no change" (a 1.91x ratio with the interval 0.70-5.74
could be either). The band is symmetric in log space, so comparing B with A gives the mirror of
A with B.

The machine's own speed is taken out where both runs read a canary (measure/canary.py, stored in
``RunResult.extra["canary"]``) and it moved between them (its interval excludes 1): with the
machine f times as slow in B (``analysis.canary.speed_change``), each case's ratio is divided by
f, and its interval by f's far ends, ``[low / f_high, high / f_low]``, so the correction's own
uncertainty widens it. A canary that did not move changes nothing. Where either run has no
canary (results from before it), the caller may pass this machine's run-to-run ``drift`` from its
stability record (analysis/stability.py): every ratio's interval is then widened by it on both
sides, ``[low / (1 + drift), high * (1 + drift)]``, as nothing else says how the machine moved.

The environments are compared too (versions, BLAS, threads, CPU, devices, host): a slowdown is
read differently when NumPy's BLAS changed between the runs. ``environment`` names what differs
in a machine's description (CPU model, cores, GPU, Python, library versions, BLAS, thread
policy: ``analysis.machines.differences``), the short list for runs from different machines;
``env_changes`` lists every entry that differs.

A run from several machines (``--cluster``) is compared one machine at a time
(:func:`compare_machines`): machine B's sub-run against machine A's, case by case. Their cases
were measured on different machines, so nothing pairs them: the ratio's interval combines the
two medians' own intervals (``paired=False``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..base import stats
from ..config import DEFAULT_TARGET
from ..measure.canary import CANARY_KEY
from ..measurement import Measurement, time_ratio
from ..results import CaseResult, RunResult
from . import control as control_mod
from . import relative
from .canary import SpeedChange, speed_change
from .control import ControlReading
from .control import read_cases as read_controls
from .envdiff import EnvChange, env_changes
from .machines import Difference, differences
from .ranktest import MannWhitney, mann_whitney_u, min_p_value

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
#: ``--control``) and ``decided_by: "reference"``.
FORMAT = 3


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
                ("reference" if self.note == REFERENCE else "control")
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
class Reference:
    """The cases whose code did not change, as the reference the changed ones are read against
    (analysis/control.py, :func:`.read_unchanged`).

    Attributes:
        known: whether both runs say what code each case ran (results from before arraybench
            kept it do not).
        unchanged: cases measured in both runs with the same code and environment.
        changed: cases measured in both whose code or environment changed.
        used: unchanged cases that served as a reference to at least one reading.
        read: changed cases read against them.
        off: why the other changed cases were not: (reason, how many), most first.
        keys: the unchanged cases.
    """

    known: bool
    unchanged: int
    changed: int
    used: int
    read: int
    off: tuple[tuple[str, int], ...] = ()
    keys: frozenset[Key] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        return {
            "known": self.known,
            "unchanged_cases": self.unchanged,
            "changed_cases": self.changed,
            "cases_used": self.used,
            "cases_read": self.read,
            "off": dict(self.off),
        }


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
            "summary": self.summary.to_dict(),
            "env_changes": [e.to_dict() for e in self.env_changes],
            "environments_differ": [d.to_dict() for d in self.environment],
            "cases": [c.to_dict() for c in self.cases],
            "unmatched": [u.to_dict() for u in self.unmatched],
            "failed": [f.to_dict() for f in self.failed],
        }


# -- comparing ----------------------------------------------------------------------------------


def compare(
    a: RunResult,
    b: RunResult,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    alpha: float = DEFAULT_ALPHA,
    paired: bool = True,
    drift: float | None = None,
    control: str | None = None,
) -> Comparison:
    """Compare run ``b`` with run ``a``, case by case, and their environments.

    Args:
        a: the baseline run (of one machine: cases from several share their keys; see
            :func:`compare_machines`).
        b: the run to judge against it.
        threshold: relative change a verdict needs beyond its CI (0.05: 5%; see
            :data:`DEFAULT_THRESHOLD`).
        alpha: significance level of the Mann-Whitney test.
        paired: whether blocks of the two runs that share a round may pair
            (``measurement.time_ratio``); False for cases measured on different machines, whose
            rounds are readings of different clocks.
        drift: how far this machine's speed moves between runs (0.08: 8%; see
            ``analysis.stability``), used only when a run has no canary to read the move from.
        control: a control case, ``IMPL`` or ``IMPL:BACKEND`` (analysis/control.py): each case
            is also read against it, where its own interval cannot tell (ValueError when the
            text is not one).

    Returns:
        A :class:`Comparison`.
    """
    if not threshold >= 0 or not math.isfinite(threshold):
        raise ValueError(f"threshold must be a number >= 0 (0.05 for 5%), got {threshold!r}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be between 0 and 1 (0.05 is usual), got {alpha!r}")
    cases_a = _by_key(a.cases)
    cases_b = _by_key(b.cases)
    speed = speed_change(a.extra.get(CANARY_KEY), b.extra.get(CANARY_KEY))
    widen = drift if speed is None and drift is not None and drift > 0 else None
    matched: list[CaseComparison] = []
    failed: list[FailedPair] = []
    # The measurements of the cases measured in both runs: what the readings against other
    # cases (the run's, a control) read.
    measured_a: dict[Key, Measurement] = {}
    measured_b: dict[Key, Measurement] = {}
    for key, ca in cases_a.items():
        cb = cases_b.get(key)
        if cb is None:
            continue
        if not (ca.ok and cb.ok) or ca.measurement is None or cb.measurement is None:
            side = "both" if not ca.ok and not cb.ok else ("A" if not ca.ok else "B")
            failed.append(FailedPair(key, side, ca.error, cb.error))
            continue
        measured_a[key], measured_b[key] = ca.measurement, cb.measurement
        matched.append(
            compare_measurements(
                key,
                ca.measurement,
                cb.measurement,
                threshold=threshold,
                alpha=alpha,
                paired=paired,
                speed=speed if speed is not None and speed.moved else None,
                widen=widen,
            )
        )
    unmatched = [Unmatched(k, "A") for k in cases_a if k not in cases_b]
    unmatched += [Unmatched(k, "B") for k in cases_b if k not in cases_a]
    reading = _relative(matched, measured_a, measured_b, threshold, paired)
    matched = [_with_relative(c, reading) for c in matched]
    controls, control_off = read_controls(
        measured_a, measured_b, control, threshold, paired, _case_name
    )
    matched = [_with_control(c, controls.get(c.key), control_off.get(c.key, "")) for c in matched]
    reference = None
    if control is None and paired:
        matched, reference = _against_unchanged(a, b, matched, measured_a, measured_b, threshold)
    matched.sort(key=lambda c: (_ORDER[c.verdict], -_sortable(c.decisive[0])))
    return Comparison(
        cases=tuple(matched),
        unmatched=tuple(unmatched),
        failed=tuple(failed),
        env_changes=env_changes(a, b),
        environment=differences(a.env, b.env),
        threshold=threshold,
        alpha=alpha,
        speed=speed,
        widened=widen,
        common_move=reading.common if reading.cases else None,
        relative_read=len(reading.cases),
        relative_off=tuple(reading.reasons().items()),
        control=control,
        control_read=len(controls),
        control_off=tuple(relative.reason_counts(control_off.values()).items()),
        reference=reference,
        no_canary=tuple((side, why) for side, r in (("A", a), ("B", b)) if (why := no_canary(r))),
        meta={
            "a": {"started": a.started, "cases": len(a.cases), **_machine_of(a)},
            "b": {"started": b.started, "cases": len(b.cases), **_machine_of(b)},
        },
    )


def _relative(
    cases: Sequence[CaseComparison],
    a: Mapping[Key, Measurement],
    b: Mapping[Key, Measurement],
    threshold: float,
    paired: bool,
) -> relative.RunReading[Key]:
    """The matched cases (measured ``a`` and ``b``) read against each other
    (analysis/relative.py); none across machines."""
    if not paired:
        off = {c.key: relative.OFF_MACHINES for c in cases}
        return relative.RunReading(cases={}, off=off, common=None)
    changed = {c.key for c in cases if c.verdict in (SLOWER, FASTER)}
    beside = {k: (k[0], k[5]) for k in a}  # one workload and size: sampled in the same rounds
    return relative.read_run(a, b, beside, threshold, changed)


def no_canary(run: RunResult) -> str:
    """Why ``run`` has no canary reading, or "" when it has one."""
    if run.extra.get(CANARY_KEY):
        return ""
    if "pytest" in run.extra:
        return "the pytest plugin's run (it measures each test in the test's process, apart)"
    if run.time is not None:  # a run of this arraybench: it reads one every 0.5 s or so
        return "a run too short for one, or measured on a cluster or with a fake clock"
    return "results from before arraybench recorded one"


def _against_unchanged(
    a: RunResult,
    b: RunResult,
    matched: Sequence[CaseComparison],
    measured_a: Mapping[Key, Measurement],
    measured_b: Mapping[Key, Measurement],
    threshold: float,
) -> tuple[list[CaseComparison], Reference]:
    """Without ``--control``: each case whose code changed read against the cases of its kind
    whose code did not (analysis/control.py), deciding as a control would; an unchanged case
    keeps its own ratio's verdict (what moved it between the runs is the machine), never the
    relative reading's."""
    codes_a = {c.key: c.code for c in a.cases}
    codes_b = {c.key: c.code for c in b.cases}
    env_keys = [e.key for e in env_changes(a, b)]
    same = control_mod.unchanged(
        {k: codes_a[k] for k in measured_a}, {k: codes_b[k] for k in measured_b}, env_keys
    )
    readings, off, used = control_mod.read_unchanged(
        list(measured_a), measured_a, measured_b, same, threshold, _case_name
    )
    out = []
    for case in matched:
        c = case
        if c.key in same.keys and c.note == RELATIVE:
            c = replace(c, verdict=c.absolute_verdict, note=WIDE)
        reading = readings.get(c.key)
        if reading is None:
            out.append(c)
            continue
        decides = reading.verdict in (SLOWER, FASTER) and c.note in (WIDE, RELATIVE)
        if c.absolute_verdict == UNSURE and decides:
            out.append(replace(c, verdict=reading.verdict, note=REFERENCE, control=reading))
        else:
            out.append(replace(c, control=reading))
    changed_off = {k: why for k, why in off.items() if why != control_mod.OFF_UNCHANGED}
    return out, Reference(
        known=same.known,
        unchanged=len(same.keys),
        changed=len(same.changed),
        used=used,
        read=len(readings),
        off=tuple(relative.reason_counts(changed_off.values()).items()),
        keys=same.keys,
    )


def _with_control(c: CaseComparison, reading: ControlReading | None, off: str) -> CaseComparison:
    """The case with its control reading; the reading decides where the case's own interval was
    too wide and it lies beyond the band (before the relative reading: the control was measured
    beside the case in every round)."""
    if reading is None:
        return replace(c, control_off=off)
    decides = reading.verdict in (SLOWER, FASTER) and c.note in (WIDE, RELATIVE)
    if c.absolute_verdict == UNSURE and decides:
        return replace(c, verdict=reading.verdict, note=CONTROL, control=reading)
    return replace(c, control=reading)


def _with_relative(c: CaseComparison, reading: relative.RunReading[Key]) -> CaseComparison:
    """The case with its relative reading, and the final verdict: its own when decisive, else
    the relative reading's slower or faster (never its "cannot tell" as "no change")."""
    rel = reading.cases.get(c.key)
    if rel is None:
        return replace(c, relative_off=reading.off.get(c.key, ""))
    # Only an interval too wide: with too few units the case's own test could not decide either.
    if c.verdict == UNSURE and c.note == WIDE and rel.verdict in (SLOWER, FASTER):
        return replace(c, verdict=rel.verdict, note=RELATIVE, relative=rel)
    return replace(c, relative=rel)


def _machine_of(run: RunResult) -> dict[str, str]:
    names = run.machine_names
    return {"machine": names[0]} if len(names) == 1 else {}


def compare_machines(
    result: RunResult,
    machines: Sequence[str] = (),
    *,
    threshold: float = DEFAULT_THRESHOLD,
    alpha: float = DEFAULT_ALPHA,
) -> list[Comparison]:
    """The machines of one run compared: each machine's cases against the first's.

    Args:
        result: a run holding cases from several machines.
        machines: the machines to compare, the baseline first (default: every machine of the
            run, in order).
        threshold: as for :func:`compare`.
        alpha: as for :func:`compare`.

    Returns:
        One :class:`Comparison` per machine after the first: that machine (B) against the first
        (A), unpaired (``paired=False``), with ``meta`` naming both machines.

    Raises:
        ValueError: fewer than two machines, or a name the run does not hold.
    """
    names = list(machines) or list(result.machine_names)
    unknown = [m for m in names if m not in result.machine_names]
    if unknown:
        held = ", ".join(result.machine_names) or "none: it ran on one machine"
        raise ValueError(f"no machine {unknown[0]!r} in this run (its machines: {held})")
    if len(names) < 2:
        raise ValueError(
            f"comparing machines needs two of them; this run holds {len(result.machine_names)}"
        )
    base = result.on_machine(names[0])
    return [
        compare(base, result.on_machine(m), threshold=threshold, alpha=alpha, paired=False)
        for m in names[1:]
    ]


def units(m: Measurement) -> Sequence[float]:
    """A measurement's independent units: its processes' medians, else its blocks' medians."""
    return m.process_medians or m.block_medians


def compare_measurements(
    key: Key,
    a: Measurement,
    b: Measurement,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    alpha: float = DEFAULT_ALPHA,
    paired: bool = True,
    speed: SpeedChange | None = None,
    widen: float | None = None,
) -> CaseComparison:
    """Compare one case measured in two runs (see the module's docstring).

    Args:
        key: the case's key, carried into the record.
        a: its measurement in run A.
        b: its measurement in run B.
        threshold: effect size a verdict needs.
        alpha: significance level.
        paired: whether blocks sharing a round may pair (False: measured on different
            machines, the two medians' intervals combined).
        speed: the machine's change of speed to take out (B's canary over A's), or None.
        widen: a drift to widen the ratio's interval by on both sides (0.08: 8%), or None.

    Returns:
        A :class:`CaseComparison`.
    """
    ua, ub = units(a), units(b)
    ratio = b.median / a.median if a.median > 0 else math.nan
    iv = time_ratio(b, a) if paired else stats.unpaired_ratio(b, a)
    ci = (iv.low, iv.high) if math.isfinite(ratio) else (math.nan, math.nan)
    if speed is not None and math.isfinite(ratio):
        ratio /= speed.factor
        ci = (ci[0] / speed.high, ci[1] / speed.low)
    if widen is not None and math.isfinite(ratio):
        ci = (ci[0] / (1.0 + widen), ci[1] * (1.0 + widen))
    test = mann_whitney_u(ua, ub)
    return _verdict(key, a.median, b.median, ratio, ci, test, len(ua), len(ub), threshold, alpha)


def verdict_of(low: float, high: float, threshold: float) -> str:
    """The verdict on a ratio (B's time over A's) from its interval alone: slower or faster when
    the whole interval lies beyond the no-change band ``[1 / (1 + threshold), 1 + threshold]``,
    no change when inside it, cannot tell otherwise (see the module docstring): the one rule,
    :func:`.stats.band_verdict`."""
    return stats.band_verdict(low, high, threshold)


def _verdict(
    key: Key,
    med_a: float,
    med_b: float,
    ratio: float,
    ci: tuple[float, float],
    test: MannWhitney,
    n_a: int,
    n_b: int,
    threshold: float,
    alpha: float,
) -> CaseComparison:
    note = ""
    if not math.isfinite(ratio) or not math.isfinite(ci[0]) or not math.isfinite(ci[1]):
        verdict, note = UNSURE, ZERO_MEDIAN
    elif min_p_value(n_a, n_b) >= alpha:
        verdict, note = UNSURE, FEW_SAMPLES
    else:
        verdict = verdict_of(ci[0], ci[1], threshold)
        note = WIDE if verdict == UNSURE else ""
    return CaseComparison(
        key=key,
        median_a=med_a,
        median_b=med_b,
        ratio=ratio,
        ratio_ci=ci,
        p=test.p,
        u=test.u,
        n_a=n_a,
        n_b=n_b,
        verdict=verdict,
        note=note,
    )


def _by_key(cases: Sequence[CaseResult]) -> dict[Key, CaseResult]:
    out: dict[Key, CaseResult] = {}
    for c in cases:
        out.setdefault(c.key, c)  # a run holds each case once; keep the first if not
    return out


def _sortable(v: float) -> float:
    return v if math.isfinite(v) else -math.inf
