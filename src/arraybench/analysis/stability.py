"""How far this machine's speed moves from run to run: the canaries of past runs, remembered.

Each run's canary (:mod:`arraybench.measure.canary`) says how fast the machine was while it ran.
``arraybench run`` appends the run's canary medians to a small record in the cache folder (beside
the probe's profile, one file per machine: host, CPU model and cores), and the record answers
"how far does a run's speed move from the one before it here?": over consecutive runs less than
:data:`MAX_GAP_S` apart, the 95th percentile of the change of the canary's geometric mean.

A comparison of two runs uses it where a canary is missing (results written before arraybench
recorded one): the ratio's interval is widened by that drift on both sides, since nothing else
says how the machine moved between them. With both canaries the comparison reads the move
directly (``analysis.canary.speed_change``).

Format (``"version"`` in the file): 1, ``{"version", "machine", "runs": [{"started", "canary":
{kind: seconds}}]}``, the last :data:`KEEP` runs. A newer version is ignored, never misread.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base import stats
from ..base.files import atomic_write
from ..measure.canary import CANARY_KEY, KINDS
from ..measure.profile import cache_dir, host_key, key_hash
from .canary import readings

if TYPE_CHECKING:
    from ..results import RunResult

VERSION = 1
#: Runs the record keeps (the newest).
KEEP = 200
#: Consecutive runs further apart than this say nothing of one session's drift.
MAX_GAP_S = 3600.0
#: Pairs of consecutive runs the drift needs before it is stated.
MIN_PAIRS = 4


def path() -> Path:
    """This machine's record: ``stability-<hash>.json`` in the cache folder (the probe's), one
    per machine whatever its software (:func:`~arraybench.measure.profile.host_key`)."""
    return cache_dir() / f"stability-{key_hash(host_key())}.json"


def _medians(record: Any) -> dict[str, float] | None:
    got = readings(record)
    return None if got is None else {kind: stats.median(values) for kind, values in got.items()}


def _parse_time(text: str) -> float | None:
    try:
        return _dt.datetime.fromisoformat(text).timestamp()
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class StabilityRecord:
    """The canary medians of this machine's past runs, oldest first.

    Attributes:
        runs: ``(started, {kind: seconds})`` of each run.
    """

    runs: tuple[tuple[str, Mapping[str, float]], ...] = ()

    def changes(self) -> list[float]:
        """|log| of each change of the canary's geometric mean between consecutive runs less
        than :data:`MAX_GAP_S` apart (the kinds both read)."""
        out = []
        for (ta, a), (tb, b) in zip(self.runs, self.runs[1:], strict=False):
            sa, sb = _parse_time(ta), _parse_time(tb)
            if sa is None or sb is None or not 0 <= sb - sa <= MAX_GAP_S:
                continue
            kinds = [k for k in KINDS if a.get(k, 0) > 0 and b.get(k, 0) > 0]
            if kinds:
                out.append(abs(sum(math.log(b[k] / a[k]) for k in kinds) / len(kinds)))
        return out

    @property
    def drift(self) -> float | None:
        """The 95th percentile of the run-to-run change (0.08: runs move up to 8%), or None with
        fewer than :data:`MIN_PAIRS` pairs."""
        changes = sorted(self.changes())
        if len(changes) < MIN_PAIRS:
            return None
        k = min(len(changes) - 1, math.ceil(0.95 * len(changes)) - 1)
        return math.expm1(changes[k])

    def describe(self) -> str:
        drift = self.drift
        pairs = len(self.changes())
        if drift is None:
            return (
                f"machine stability: {len(self.runs)} run(s) remembered, {pairs} consecutive "
                f"pair(s); {MIN_PAIRS} are needed to say how far its speed moves between runs"
            )
        return (
            f"machine stability: its speed moved up to {drift:.0%} between consecutive runs "
            f"(95th percentile of {pairs} pairs of the canary, runs under an hour apart)"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "machine": host_key(),
            "runs": [{"started": t, "canary": dict(c)} for t, c in self.runs],
        }


def load(where: Path | None = None) -> StabilityRecord:
    """This machine's record (empty when there is none, or it cannot be read)."""
    p = where or path()
    try:
        d = json.loads(p.read_text())
    except (OSError, ValueError):
        return StabilityRecord()
    if not isinstance(d, Mapping) or d.get("version") != VERSION:
        return StabilityRecord()
    runs = []
    for item in d.get("runs") or ():
        if not isinstance(item, Mapping) or not isinstance(item.get("canary"), Mapping):
            continue
        canary = {
            str(k): float(v)
            for k, v in item["canary"].items()
            if isinstance(v, int | float) and math.isfinite(v) and v > 0
        }
        if canary:
            runs.append((str(item.get("started", "")), canary))
    return StabilityRecord(tuple(runs))


def remember(started: str, extra: Mapping[str, Any], where: Path | None = None) -> Path | None:
    """Append a run's canary medians to the record (None: the run has no canary). Raises
    OSError when the cache folder cannot be written."""
    medians = _medians(extra.get(CANARY_KEY))
    if medians is None:
        return None
    p = where or path()
    old = load(p)
    runs: Sequence[tuple[str, Mapping[str, float]]] = (*old.runs, (started, medians))
    record = StabilityRecord(tuple(runs[-KEEP:]))
    p.parent.mkdir(parents=True, exist_ok=True)
    return atomic_write(p, json.dumps(record.to_dict(), indent=1))


def drift_here(*runs: RunResult | None) -> float | None:
    """This machine's run-to-run drift (its stability record), for runs measured here: what a
    comparison widens by where a run has no canary to read the machine's move from; None for a
    run from another machine (or none). compare and the pytest plugin both take it from here,
    so that they read the same two results the same way."""
    import socket

    if any(r is None or r.env.get("hostname") != socket.gethostname() for r in runs):
        return None
    return load().drift
