"""The machine's speed between two runs, from the canaries stored with them
(:mod:`arraybench.measure.canary` reads them; this module compares them).

Each kind's factor is the ratio of the two runs' canary medians, with an interval from the two
medians' own (order statistics of the readings, each at sqrt(95%), combined as
``[low_B / high_A, high_B / low_A]``); the kinds are averaged in log space, bounds included, so
the factor is how the machine's interpreter, memory and arithmetic moved together.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..base import stats
from ..measure.canary import CANARY_KEY, FORMAT, KINDS

if TYPE_CHECKING:
    from ..results import RunResult


def readings(record: Any) -> dict[str, list[float]] | None:
    """Per kind, the readings of a stored canary record (None: no record, or one this version
    cannot read)."""
    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        return None
    out: dict[str, list[float]] = {}
    for item in record.get("readings") or ():
        if not isinstance(item, Sequence) or len(item) != 2 or not isinstance(item[1], Mapping):
            continue
        for kind, v in item[1].items():
            if isinstance(v, int | float) and math.isfinite(v) and v > 0:
                out.setdefault(str(kind), []).append(float(v))
    return out or None


@dataclass(frozen=True)
class SpeedChange:
    """How the machine's speed moved from run A to run B, as the canary read it.

    Attributes:
        factor: B's canary time over A's (geometric mean over the kinds both read): 0.91 means
            the machine ran 9% faster in B.
        low: the factor's 95% interval, low end.
        high: the factor's 95% interval, high end.
        kinds: each kind's own factor.
        readings: readings (A, B) behind it, fewest over the kinds.
    """

    factor: float
    low: float
    high: float
    kinds: Mapping[str, float]
    readings: tuple[int, int]

    @property
    def moved(self) -> bool:
        """Whether the interval excludes 1: the machine's speed changed between the runs."""
        return self.low > 1.0 or self.high < 1.0

    def describe(self) -> str:
        """``the machine ran 9% [6-12%] faster in B``, or ``... did not change (±3%)``."""
        if not self.moved:
            half = max(1.0 / self.low - 1.0, self.high - 1.0)
            return f"the machine's speed did not change measurably between the runs (±{half:.0%})"
        if self.factor < 1.0:
            return (
                f"the machine ran {1 - self.factor:.0%} [{1 - self.high:.0%}–{1 - self.low:.0%}] "
                "faster in B"
            )
        return (
            f"the machine ran {self.factor - 1:.0%} [{self.low - 1:.0%}–{self.high - 1:.0%}] "
            "slower in B"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "factor": self.factor,
            "interval": [self.low, self.high],
            "kinds": dict(self.kinds),
            "readings": list(self.readings),
            "moved": self.moved,
        }


def speed_change(a: Any, b: Any) -> SpeedChange | None:
    """The machine's speed in run B against run A from their stored canary records (None when
    either has none, or too few readings for an interval: at least 3 each)."""
    ra, rb = readings(a), readings(b)
    if ra is None or rb is None:
        return None
    kinds = [k for k in KINDS if len(ra.get(k, ())) >= 3 and len(rb.get(k, ())) >= 3]
    if not kinds:
        return None
    logs, lows, highs, per_kind = [], [], [], {}
    level = math.sqrt(stats.CI_LEVEL)
    for k in kinds:
        ma, mb = stats.median(ra[k]), stats.median(rb[k])
        la, ha, _ = stats.median_ci(ra[k], level)
        lb, hb, _ = stats.median_ci(rb[k], level)
        per_kind[k] = mb / ma
        logs.append(math.log(mb / ma))
        lows.append(math.log(lb / ha))
        highs.append(math.log(hb / la))
    n = len(kinds)
    return SpeedChange(
        factor=math.exp(sum(logs) / n),
        low=math.exp(sum(lows) / n),
        high=math.exp(sum(highs) / n),
        kinds=per_kind,
        readings=(min(len(ra[k]) for k in kinds), min(len(rb[k]) for k in kinds)),
    )


def no_canary(run: RunResult) -> str:
    """Why ``run`` has no canary reading, or "" when it has one."""
    if run.extra.get(CANARY_KEY):
        return ""
    if "pytest" in run.extra:
        return "the pytest plugin's run (it measures each test in the test's process, apart)"
    if run.time is not None:  # a run of this arraybench: it reads one every 0.5 s or so
        return "a run too short for one, or measured on a cluster or with a fake clock"
    return "results from before arraybench recorded one"
