"""Standings from paired ratios: which case of one size is the fastest, which are tied with it,
and which cannot be told apart from it.

A case's own interval says how far its absolute time would move in a repeat run; on a busy
machine it moves a lot, and every case of a round moves with it. Whether A is faster than B is
the ratio of their times in the rounds they took together (:func:`~arraybench.measurement.
time_ratio`), which cancels what moved both. Every standing the reports state (the fastest, ★,
"tied", "cannot tell apart", the answer's sentence) comes from these ratios against the tie band
``[1 / (1 + threshold), 1 + threshold]``, never from one case's interval: an "unstable" time
stays in its cell and blocks nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..base.stats import Interval
from ..measurement import time_ratio
from ..results import CaseResult
from .claims import usable


def standing(
    here: Sequence[CaseResult], threshold: float
) -> tuple[list[CaseResult], list[CaseResult]]:
    """The usable cases of one size ranked by the ratios of their times (paired round by round
    where they were measured side by side): the fastest with those tied with it, fastest first;
    and the cases that can be neither told apart from it nor called tied with it, fastest
    first.

    The fastest is the case no other is faster than by a ratio whose whole interval lies below
    the tie band: it starts as the lowest median, and gives way to a case the ratios show
    faster. Another case is tied with it when the whole interval of their ratio lies within the
    band ``[1 / (1 + threshold), 1 + threshold]``, slower when it lies above, and neither when it
    reaches past the band. A case's own interval plays no part: an "unstable" absolute time
    (wider than ±50% of its median, on a busy machine) says nothing against a ratio measured in
    the same rounds, which cancels what moved both; where the two were not measured side by
    side, their ratio's interval combines both their intervals and says so by its width.
    """
    ok = sorted((c for c in here if usable(c)), key=_median_of)
    if not ok:
        return [], []
    top = paired_fastest(ok, threshold)
    tied, unclear = [top], []
    for c in ok:
        if c is top:
            continue
        r = ratio_of(c, top)
        if r.within(threshold):
            tied.append(c)
        elif not r.low > 1.0 + threshold:
            unclear.append(c)
    return tied, unclear


def paired_fastest(ok: Sequence[CaseResult], threshold: float) -> CaseResult:
    """The lowest median, unless the ratios show another case faster beyond the tie band (a
    median moved by a slow spell that the paired ratio cancels): then that one, and so on (at
    most once per case, so ratios that contradict each other cannot cycle)."""
    low = 1.0 / (1.0 + threshold)
    top = ok[0]
    for _ in ok:
        faster = [c for c in ok if c is not top and ratio_of(c, top).high < low]
        if not faster:
            break
        top = min(faster, key=lambda c: ratio_of(c, top).value)
    return top


def ratio_of(c: CaseResult, top: CaseResult) -> Interval:
    """``c``'s time over ``top``'s, with its interval (:func:`time_ratio`)."""
    assert c.measurement is not None and top.measurement is not None
    return time_ratio(c.measurement, top.measurement)


def _median_of(c: CaseResult) -> float:
    return c.measurement.median if c.measurement is not None else math.inf
