"""Reading a case against a control case the user names (``arraybench compare --control IMPL``).

Across two runs a case's own ratio carries the machine's change of state between them, and on a
shared machine whose speed switches between states that outlast a run that is wide: on the 2-core
development machine a NumPy kernel made 10% slower read 1.07-1.11x between runs, but with
intervals of ±6-40%, so compare could not tell (docs/method.md, "Comparing runs"). The run's
other cases (analysis/relative.py) take out what moved every case alike, but on that machine
cases of different kinds moved apart by 3-8% from run to run.

A control is one case the user knows did not change and that does the same kind of work, say the
NumPy impl beside the one they changed. In every process of a run the case and its control took
turns in the same rounds, so the process's state and memory layout touch both. Each process gives
one figure, the median over the rounds both took there of the log of their blocks' ratio (the
pairing of :func:`.time_ratio`), free of the process's state and of its slow spells. The reading
is the move of that figure between runs,

    d = mean over B's processes of log(case / control) - the same over A's processes,

with Welch's interval over the two runs' processes (at least two in each, the same processes
measuring case and control). ``exp(d)`` above the band says the case got slower *relative to the
control*. The reading rests on the user's word that the control did not change: where it decides
it is named so, and like the relative reading it only turns "cannot tell" into slower or faster,
never into "no change" (a change that slowed both would read as none).

On compare_power's runs (2026-11-27, four sets of 15 at default settings) against the NumPy
impl doing the same work: a 10% slowdown called in 100 of 100 pairs and a 25% one in 100 of 100,
no false alarm in 320 comparisons of identical runs (the case's own interval called 0-1 of 25 at
+10%). Paired by process medians in place of rounds, 84% at +10%. A control of another kind of
work (a Python loop against NumPy) moves apart from the case between runs, which no reading
inside a run sees: the CLI says so where a case is read against another backend.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import stats
from ..measurement import Measurement, process_ratios
from . import relative

#: A case's key: (workload, impl, backend, device, dtype, size).
Key = tuple[Any, ...]

#: Processes a run needs in both the case and its control for a reading.
MIN_PROCESSES = 2


def off_none(impl: str, backend: str) -> str:
    """Why a case has no control reading when its control was not measured: the control looked
    for named with its backend (``builtin[torch]`` beside a NumPy case says which is missing)."""
    return f"no {impl}[{backend}] case of its workload, size, device and dtype in both runs"


OFF_UNITS = (
    f"it or its control was measured in fewer than {MIN_PROCESSES} processes in a run, or the "
    "two took no round together in one of them"
)
OFF_SELF = "it is the control"


@dataclass(frozen=True)
class ControlReading:
    """A case's move between two runs relative to its control case.

    Attributes:
        control: the control case's name (``workload/impl[backend:device:dtype] n=...``).
        ratio: exp(d): the case's time over the control's in B, over the same in A.
        low: the ratio's 95% interval, low end.
        high: its high end.
        verdict: ``slower`` or ``faster`` when the interval lies beyond the band on that side,
            else ``cannot tell`` (never ``no change``: the module docstring).
    """

    control: str
    ratio: float
    low: float
    high: float
    verdict: str

    @property
    def ci(self) -> tuple[float, float]:
        return (self.low, self.high)

    def slower_beyond(self, threshold: float) -> bool:
        """The whole interval above ``1 + threshold``."""
        return self.low > 1.0 + threshold

    def to_dict(self) -> dict[str, Any]:
        return {
            "control": self.control,
            "ratio": self.ratio,
            "ratio_ci": [self.low, self.high],
            "verdict": self.verdict,
        }


def parse(text: str) -> tuple[str, str | None]:
    """``IMPL`` or ``IMPL:BACKEND`` (an impl label, and the backend when the label runs on
    several): the control's impl and backend (None: the case's own backend).

    Raises:
        ValueError: an empty label or backend.
    """
    impl, _, backend = text.rpartition(":") if ":" in text else (text, "", "")
    if not impl.strip() or (":" in text and not backend.strip()):
        raise ValueError(
            f"--control takes an impl label, or LABEL:BACKEND (say vectorized:numpy), got {text!r}"
        )
    return impl.strip(), backend.strip() or None


def control_key(key: Key, impl: str, backend: str | None) -> Key:
    """The control of the case ``key`` (workload, impl, backend, device, dtype, size): the same
    workload, device, dtype and size, the control's impl, and its backend or the case's."""
    workload, _, own_backend, device, dtype, size = key
    return (workload, impl, backend or own_backend, device, dtype, size)


def process_logs(case: Measurement, control: Measurement) -> list[float] | None:
    """log(case / control) in each process that measured both, paired round by round (the
    median over the process's shared rounds of the blocks' ratio: :func:`.process_ratios`).
    None: fewer than :data:`MIN_PROCESSES` such processes, or not the same processes."""
    a, b = case.process_medians, control.process_medians
    if not a or not b or len(a) != len(b) or len(a) < MIN_PROCESSES:
        return None
    per = process_ratios(case, control)
    if len(per) != len(a) or any(not x > 0 for x in per):
        return None
    return [math.log(x) for x in per]


def read(a: Sequence[float], b: Sequence[float], name: str, threshold: float) -> ControlReading:
    """The reading from A's and B's per-process logs (:func:`process_logs`)."""
    m = relative.move(a, b)
    half = relative.t_quantile(0.5 + stats.CI_LEVEL / 2, m.df) * math.sqrt(m.var)
    low, high = math.exp(m.d - half), math.exp(m.d + half)
    return ControlReading(
        name, math.exp(m.d), low, high, relative.band_verdict(low, high, threshold)
    )


def read_all(
    keys: Sequence[Key],
    a: Mapping[Key, Measurement],
    b: Mapping[Key, Measurement],
    control: str,
    threshold: float,
    name_of: Callable[[Key], str],
) -> tuple[dict[Key, ControlReading], dict[Key, str]]:
    """Each of ``keys`` read against its control (``control``: ``IMPL[:BACKEND]``), or why not.

    Returns:
        The readings, and the reason for each key left unread (an ``OFF_*``).
    """
    impl, backend = parse(control)
    read_: dict[Key, ControlReading] = {}
    off: dict[Key, str] = {}
    for key in keys:
        ck = control_key(key, impl, backend)
        if ck == key:
            off[key] = OFF_SELF
            continue
        if ck not in a or ck not in b or key not in a or key not in b:
            off[key] = off_none(ck[1], ck[2])
            continue
        la, lb = process_logs(a[key], a[ck]), process_logs(b[key], b[ck])
        if la is None or lb is None:
            off[key] = OFF_UNITS
            continue
        read_[key] = read(la, lb, name_of(ck), threshold)
    return read_, off


def read_cases(
    a: Mapping[Key, Measurement],
    b: Mapping[Key, Measurement],
    control: str | None,
    threshold: float,
    paired: bool,
    name_of: Callable[[Key], str],
) -> tuple[dict[Key, ControlReading], dict[Key, str]]:
    """:func:`read_all` over the cases measured in both runs (``a`` and ``b``, by key): none
    when no control is named; across machines none, each off with the reason (their rounds are
    readings of different clocks)."""
    if control is None:
        return {}, {}
    if not paired:
        return {}, {k: relative.OFF_MACHINES for k in a}
    return read_all(list(a), a, b, control, threshold, name_of)


# -- the unchanged cases as the reference (no --control) -----------------------------------------

#: Cases serve as each other's reference only when their times per call lie within this factor
#: in run A: at one size, a Python loop, a memory-bound kernel and a compute-bound one differ by
#: far more, and work of another kind moves apart between runs (module docstring).
KIND_FACTOR = 3.0
#: Environment entries that touch every case: where one differs, no case is unchanged.
WHOLE_ENV = ("python", "implementation", "platform", "machine", "cpu", "threads_requested")

OFF_UNCHANGED = "its code did not change: it is the reference"
OFF_NO_CODE = "a run does not say what code its cases ran (results from before arraybench kept it)"
OFF_NO_REFERENCE = (
    "no case of its workload, size, backend and device whose code did not change, measured "
    f"beside it in both runs with a time per call within {KIND_FACTOR:g}x of its own"
)
OFF_ALL_CHANGED = "every case's code or environment changed: nothing is left to read them against"


@dataclass(frozen=True)
class Unchanged:
    """Which cases of two runs ran the same code in the same environment.

    Attributes:
        keys: the cases measured in both runs with the same code digest
            (``CaseResult.code``) whose backend's environment entry did not change.
        known: whether both runs say what code their cases ran (else ``keys`` is empty).
        changed: the cases measured in both whose code or environment changed.
    """

    keys: frozenset[Key]
    known: bool
    changed: frozenset[Key]


@dataclass(frozen=True)
class Reference:
    """The cases whose code did not change, as the reference the changed ones are read against
    (:func:`read_reference`).

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


def unchanged(
    codes_a: Mapping[Key, str | None],
    codes_b: Mapping[Key, str | None],
    env_keys: Sequence[str],
) -> Unchanged:
    """The cases of both runs whose code digest is the same and whose environment did not change
    (``env_keys``: the dotted keys that differ between the runs, ``backends.numpy.version`` ...:
    one of :data:`WHOLE_ENV` changes every case; ``backends.NAME...`` that backend's)."""
    both = [k for k in codes_a if k in codes_b]
    if not both or any(codes_a[k] is None or codes_b[k] is None for k in both):
        return Unchanged(frozenset(), False, frozenset(both))
    tops = {e.split(".", 1)[0] for e in env_keys}
    if tops & set(WHOLE_ENV):
        return Unchanged(frozenset(), True, frozenset(both))
    moved = {
        e.removeprefix("backends.").split(".")[0].split("[")[0]
        for e in env_keys
        if e.startswith("backends.")
    }
    same = frozenset(k for k in both if codes_a[k] == codes_b[k] and k[2] not in moved)
    return Unchanged(same, True, frozenset(both) - same)


def references(key: Key, pool: frozenset[Key], a: Mapping[Key, Measurement]) -> list[Key]:
    """The unchanged cases that serve ``key`` as its reference: of its workload, size, backend
    and device, measured in run A with a time per call within :data:`KIND_FACTOR` of its own."""
    workload, _, backend, device, _, size = key
    own = a[key].median if key in a else None
    out = []
    for k in sorted(pool):
        if k == key or (k[0], k[2], k[3], k[5]) != (workload, backend, device, size):
            continue
        other = a[k].median if k in a else None
        if own is None or other is None or not own > 0 or not other > 0:
            continue
        if max(own, other) / min(own, other) <= KIND_FACTOR:
            out.append(k)
    return out


def reference_logs(per: Sequence[Sequence[float]]) -> list[float]:
    """log(case / reference) in each process, the reference the geometric mean of the
    references: the mean over them of their :func:`process_logs` (``per``, one list each, all
    of the same processes)."""
    return [sum(col) / len(col) for col in zip(*per, strict=True)]


def read_unchanged(
    keys: Sequence[Key],
    a: Mapping[Key, Measurement],
    b: Mapping[Key, Measurement],
    same: Unchanged,
    threshold: float,
    name_of: Callable[[Key], str],
) -> tuple[dict[Key, ControlReading], dict[Key, str], int]:
    """Each changed case of ``keys`` read against the unchanged cases that serve it
    (:func:`references`), as against a control, or why not.

    Returns:
        The readings, the reason for each key left unread, and how many unchanged cases served
        as a reference to at least one reading.
    """
    read_: dict[Key, ControlReading] = {}
    off: dict[Key, str] = {}
    used: set[Key] = set()
    if not same.known:
        return {}, {k: OFF_NO_CODE for k in keys}, 0
    if not same.keys:
        return {}, {k: OFF_ALL_CHANGED for k in keys}, 0
    for key in keys:
        if key in same.keys:
            off[key] = OFF_UNCHANGED
            continue
        # The references that took rounds with the case in every process of both runs
        # (process_logs: at least MIN_PROCESSES of them, the case's own).
        paired = {
            r: (pa, pb)
            for r in references(key, same.keys, a)
            if r in b
            and (pa := process_logs(a[key], a[r])) is not None
            and (pb := process_logs(b[key], b[r])) is not None
        }
        refs = list(paired)
        if not refs:
            off[key] = OFF_NO_REFERENCE
            continue
        used.update(refs)
        la = reference_logs([paired[r][0] for r in refs])
        lb = reference_logs([paired[r][1] for r in refs])
        name = name_of(refs[0]) if len(refs) == 1 else f"{len(refs)} unchanged cases"
        read_[key] = read(la, lb, name, threshold)
    return read_, off, len(used)


def read_reference(
    codes_a: Mapping[Key, str | None],
    codes_b: Mapping[Key, str | None],
    env_keys: Sequence[str],
    a: Mapping[Key, Measurement],
    b: Mapping[Key, Measurement],
    threshold: float,
    name_of: Callable[[Key], str],
) -> tuple[dict[Key, ControlReading], Reference]:
    """Without ``--control``: which cases of the runs measured in both (``a``, ``b``) ran the
    same code (:func:`unchanged`), and each changed case read against them
    (:func:`read_unchanged`); what compare's header says of it."""
    same = unchanged(codes_a, codes_b, env_keys)
    readings, off, used = read_unchanged(list(a), a, b, same, threshold, name_of)
    changed_off = [why for why in off.values() if why != OFF_UNCHANGED]
    return readings, Reference(
        known=same.known,
        unchanged=len(same.keys),
        changed=len(same.changed),
        used=used,
        read=len(readings),
        off=tuple(relative.reason_counts(changed_off).items()),
        keys=same.keys,
    )
