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
from dataclasses import replace
from typing import Any

from ..base import stats
from ..measure.canary import CANARY_KEY
from ..measurement import Measurement, time_ratio
from ..results import CaseResult, RunResult
from . import control as control_mod
from . import relative
from .canary import SpeedChange, no_canary, speed_change
from .comparison import (
    _ORDER,
    BESIDE,
    BESIDE_KEY,
    CI_LEVEL,
    CONTROL,
    DEFAULT_ALPHA,
    DEFAULT_THRESHOLD,
    FASTER,
    FEW_SAMPLES,
    FORMAT,
    NOTES,
    REFERENCE,
    RELATIVE,
    SAME,
    SLOWER,
    SOURCE_KEY,
    UNSURE,
    VERDICTS,
    WIDE,
    ZERO_MEDIAN,
    CaseComparison,
    Comparison,
    FailedPair,
    Key,
    Summary,
    Unmatched,
    _case_name,
    threshold_of,
)
from .control import ControlReading, Reference
from .control import read_cases as read_controls
from .envdiff import EnvChange, env_changes
from .machines import differences
from .ranktest import MannWhitney, mann_whitney_u, min_p_value

#: What other modules take from here: the comparison, and its records (analysis/comparison.py).
__all__ = [
    "BESIDE",
    "BESIDE_KEY",
    "CI_LEVEL",
    "CONTROL",
    "DEFAULT_ALPHA",
    "DEFAULT_THRESHOLD",
    "FASTER",
    "FEW_SAMPLES",
    "FORMAT",
    "NOTES",
    "REFERENCE",
    "RELATIVE",
    "SAME",
    "SLOWER",
    "SOURCE_KEY",
    "UNSURE",
    "VERDICTS",
    "WIDE",
    "ZERO_MEDIAN",
    "CaseComparison",
    "Comparison",
    "FailedPair",
    "Key",
    "Summary",
    "Unmatched",
    "compare",
    "compare_machines",
    "compare_measurements",
    "env_changes",
    "mann_whitney_u",
    "measured_beside",
    "min_p_value",
    "threshold_of",
    "units",
    "verdict_of",
]


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
    changes = env_changes(a, b)
    reference = None
    if control is None and paired:
        codes = ({k: cases_a[k].code for k in measured_a}, {k: cases_b[k].code for k in measured_b})
        matched, reference = _against_unchanged(
            codes, changes, matched, measured_a, measured_b, threshold
        )
    beside = measured_beside(a, b)
    if beside is not None:
        _, twin, by_name = beside
        matched = [_with_beside(c, by_name.get(c.name), threshold) for c in matched]
        # B's cases of A's code (``label@tag``) are the other side of its pairs, not new cases
        unmatched = [u for u in unmatched if not (u.side == "B" and u.key[1].endswith(twin))]
    matched.sort(key=lambda c: (_ORDER[c.verdict], -_sortable(c.decisive[0])))
    return Comparison(
        cases=tuple(matched),
        unmatched=tuple(unmatched),
        failed=tuple(failed),
        env_changes=changes,
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
        beside=beside[0] if beside is not None else None,
        meta={
            "a": {"started": a.started, "cases": len(a.cases), **_machine_of(a)},
            "b": {"started": b.started, "cases": len(b.cases), **_machine_of(b)},
        },
    )


def measured_beside(a: RunResult, b: RunResult) -> tuple[str, str, dict[str, Any]] | None:
    """Whether run B measured run A's code beside its own: B's ``against`` record names the
    commit A's ``source`` record says A measured, with nothing changed since it. Then the
    commit, the label suffix of B's cases of that code (``@tag``), and B's pairs by case name;
    else None."""
    source = a.extra.get(SOURCE_KEY)
    other = b.extra.get(BESIDE_KEY)
    if not isinstance(source, Mapping) or not isinstance(other, Mapping):
        return None
    commit = source.get("commit")
    if not commit or source.get("changed") or other.get("commit") != commit:
        return None
    pairs = {p["case"]: p for p in other.get("pairs") or () if isinstance(p, Mapping)}
    return str(commit), f"@{other.get('tag', '')}", pairs


def _with_beside(
    c: CaseComparison, pair: Mapping[str, Any] | None, threshold: float
) -> CaseComparison:
    """The case as the pairing of B's run reads it (A's code measured beside it), its verdict
    by this comparison's band; unchanged where B's run holds no pair for it."""
    if pair is None or not pair.get("ratio") or len(pair.get("ratio_ci") or ()) != 2:
        return c
    low, high = (float(v) for v in pair["ratio_ci"])
    verdict = stats.band_verdict(low, high, threshold)
    units = int(pair.get("units") or 0)
    return replace(
        c,
        ratio=float(pair["ratio"]),
        ratio_ci=(low, high),
        p=math.nan,
        u=math.nan,
        n_a=units,
        n_b=units,
        verdict=verdict,
        absolute_verdict=verdict,
        note=BESIDE,
        relative=None,
        relative_off="",
        control=None,
        control_off="",
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


def _against_unchanged(
    codes: tuple[Mapping[Key, str | None], Mapping[Key, str | None]],
    changes: Sequence[EnvChange],
    matched: Sequence[CaseComparison],
    measured_a: Mapping[Key, Measurement],
    measured_b: Mapping[Key, Measurement],
    threshold: float,
) -> tuple[list[CaseComparison], Reference]:
    """Without ``--control``: each case whose code changed read against the cases of its kind
    whose code did not (analysis/control.py), deciding as a control would; an unchanged case
    keeps its own ratio's verdict (what moved it between the runs is the machine), never the
    relative reading's."""
    readings, reference = control_mod.read_reference(
        *codes, [e.key for e in changes], measured_a, measured_b, threshold, _case_name
    )
    out = []
    for case in matched:
        c = case
        if c.key in reference.keys and c.note == RELATIVE:
            c = replace(c, verdict=c.absolute_verdict, note=WIDE)
        out.append(_with_control(c, readings.get(c.key), "", note=REFERENCE))
    return out, reference


def _with_control(
    c: CaseComparison, reading: ControlReading | None, off: str, note: str = CONTROL
) -> CaseComparison:
    """The case with its control reading; the reading decides where the case's own interval was
    too wide and it lies beyond the band (before the relative reading: the control was measured
    beside the case in every round); ``note`` says which reading decided (the control named, or
    the unchanged cases as the reference)."""
    if reading is None:
        return replace(c, control_off=off)
    decides = reading.verdict in (SLOWER, FASTER) and c.note in (WIDE, RELATIVE)
    if c.absolute_verdict == UNSURE and decides:
        return replace(c, verdict=reading.verdict, note=note, control=reading)
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
