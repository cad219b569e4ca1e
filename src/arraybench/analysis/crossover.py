"""Crossovers: the size from which one series stays faster than another, with a CI.

    common sizes of the two series; d(n) = log t_A(n) - log t_B(n) at each
    "clearly faster" at a size: the interval of the two cases' time ratio excludes 1 (blocks
    measured side by side, see measurement.time_ratio), or, given medians alone, their CIs apart
    the last sign change of d brackets the crossover between two measured sizes [n_j, n_j+1]
    if both cost models hold there: solve a_A + b_A n^k_A = a_B + b_B n^k_B in the bracket
        (bisection in log n), CI from the bootstrap replicates of both fits, paired
    else: interpolate d linearly in log n; the CI is the bracket itself

"Never in the measured range" is an answer too: it says up to which size it was checked.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..measurement import time_ratio
from ..results import CaseResult
from .fit import Fit, Series

#: Share of bootstrap replicates that must cross inside the search window for a model CI.
MIN_CROSSING_SHARE = 0.5


@dataclass(frozen=True)
class Crossover:
    """Where ``winner`` overtakes ``loser``.

    Attributes:
        status: ``crosses``; ``always`` (the winner is never clearly slower, and clearly faster
            at the largest common size); ``never`` (no clear ordering at the largest size, or
            the winner is never clearly faster after the loser's last clear win);
            ``no-overlap`` (no size in common). "Clearly": the two 95% CIs do not overlap.
        size: the crossover size (None unless ``crosses``).
        ci: its 95% CI, or the bracket of measured sizes when no model holds there.
        method: ``model`` (from the fitted cost models) or ``data`` (interpolated medians).
        checked_up_to: the largest common size.
    """

    winner: Series
    loser: Series
    status: str
    size: float | None = None
    ci: tuple[float, float] | None = None
    method: str = ""
    checked_up_to: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": list(self.winner),
            "loser": list(self.loser),
            "status": self.status,
            "size": self.size,
            "ci": list(self.ci) if self.ci else None,
            "method": self.method,
            "checked_up_to": self.checked_up_to,
        }


def crossover(a: Fit, b: Fit, order: Mapping[int, int] | None = None) -> Crossover:
    """The crossover of two series' measured times (see the module docstring).

    Args:
        a: one series' fit.
        b: the other's.
        order: per size, +1 where ``b`` is clearly faster, -1 where ``a`` is, 0 where the
            interval of their time ratio holds 1 (from the cases themselves:
            :func:`clear_order`); without it, the medians' CIs must be apart.
    """
    common = sorted(set(a.sizes) & set(b.sizes))
    if not common:
        return Crossover(a.series, b.series, "no-overlap")
    ta = dict(zip(a.sizes, a.medians, strict=True))
    tb = dict(zip(b.sizes, b.medians, strict=True))
    ia = {n: (lo, hi) for n, lo, hi in zip(a.sizes, a.ci_lows, a.ci_highs, strict=True)}
    ib = {n: (lo, hi) for n, lo, hi in zip(b.sizes, b.ci_lows, b.ci_highs, strict=True)}
    d = np.array([math.log(ta[n]) - math.log(tb[n]) for n in common])
    # d > 0: b is faster. The series faster at the largest size is the winner.
    b_wins = d[-1] > 0
    winner, loser = (b, a) if b_wins else (a, b)

    # +1 where the winner is clearly faster, -1 where the loser is, 0 where the CIs overlap:
    # a difference inside the noise is no ordering.
    def clear(n: int, dn: float) -> float:
        if order is not None and n in order:
            return float(order[n] if b_wins else -order[n])
        return 0.0 if ia[n][0] <= ib[n][1] and ib[n][0] <= ia[n][1] else (1.0 if dn > 0 else -1.0)

    sign = np.array([clear(n, dn) for n, dn in zip(common, d if b_wins else -d, strict=True)])
    top = common[-1]
    if (sign >= 0).all():
        status = "always" if sign[-1] > 0 else "never"
        return Crossover(winner.series, loser.series, status, checked_up_to=top)
    j = int(np.nonzero(sign < 0)[0][-1])  # last size where the loser is clearly faster
    later = np.nonzero(sign[j + 1 :] > 0)[0]
    if not len(later):
        return Crossover(winner.series, loser.series, "never", checked_up_to=top)
    m = j + 1 + int(later[0])  # first size after it where the winner is clearly faster
    lo_n, hi_n = common[j], common[m]
    dd = d if b_wins else -d
    model = _model_crossing(winner, loser, lo_n, hi_n, common)
    if model is not None:
        size, ci = model
        return Crossover(winner.series, loser.series, "crosses", size, ci, "model", top)
    # Linear in log n between the two sizes that bracket the sign change.
    x0, x1 = math.log(lo_n), math.log(hi_n)
    y0, y1 = float(dd[j]), float(dd[m])
    x = x0 + (0 - y0) * (x1 - x0) / (y1 - y0)
    return Crossover(
        winner.series, loser.series, "crosses", math.exp(x), (float(lo_n), float(hi_n)), "data", top
    )


def clear_order(a: Sequence[CaseResult], b: Sequence[CaseResult]) -> dict[int, int]:
    """Per size both series measured: +1 where ``b`` is clearly faster than ``a`` (the interval
    of a's time over b's lies above 1), -1 where ``a`` is, 0 where it holds 1."""
    by_b = {c.size: c for c in b if c.ok and c.measurement is not None}
    out = {}
    for c in a:
        other = by_b.get(c.size)
        if other is None or not c.ok or c.measurement is None or other.measurement is None:
            continue
        r = time_ratio(c.measurement, other.measurement)
        out[c.size] = 1 if r.low > 1 else -1 if r.high < 1 else 0
    return out


def _holds(f: Fit, n: float) -> bool:
    return (
        f.kind in ("fit", "two-point", "flat")
        and (f.fitted_up_to is None or n <= f.fitted_up_to)
        and (f.good or f.fitted_up_to is not None)
    )


def _model_crossing(
    w: Fit, lose: Fit, lo_n: float, hi_n: float, common: list[int]
) -> tuple[float, tuple[float, float]] | None:
    if not (_holds(w, hi_n) and _holds(lose, hi_n)):
        return None

    def gap(fw: Callable[[float], float], fl: Callable[[float], float]) -> Callable[[float], float]:
        return lambda x: fl(math.exp(x)) - fw(math.exp(x))  # > 0 where the winner is faster

    size = _root(
        gap(_model(w.a, w.b, w.k), _model(lose.a, lose.b, lose.k)), math.log(lo_n), math.log(hi_n)
    )
    if size is None:
        return None
    # The replicates may cross a little outside the bracket: search one measured size further
    # on each side, within the common range.
    i = common.index(int(lo_n))
    lo_w, hi_w = common[max(0, i - 1)], common[min(len(common) - 1, i + 2)]
    found = []
    pairs = list(zip(w.boot, lose.boot, strict=False))
    for (aw, bw, kw), (al, bl, kl) in pairs:
        r = _root(gap(_model(aw, bw, kw), _model(al, bl, kl)), math.log(lo_w), math.log(hi_w))
        if r is not None:
            found.append(r)
    if not pairs or len(found) < MIN_CROSSING_SHARE * len(pairs):
        return math.exp(size), (float(lo_n), float(hi_n))
    lo, hi = np.percentile(found, [2.5, 97.5])
    return math.exp(size), (math.exp(float(lo)), math.exp(float(hi)))


def _model(a: float, b: float, k: float) -> Callable[[float], float]:
    kk = 1.0 if math.isnan(k) else k
    return lambda n: a + b * n**kk


def _root(g: Callable[[float], float], x0: float, x1: float) -> float | None:
    """The last x in [x0, x1] where g changes sign from <= 0 to > 0 (bisection), or None."""
    xs = np.linspace(x0, x1, 64)
    vals = np.array([g(float(x)) for x in xs])
    pos = vals > 0
    if not pos[-1] or pos.all():
        return None
    j = int(np.nonzero(~pos)[0][-1])
    lo, hi = float(xs[j]), float(xs[j + 1])
    for _ in range(50):
        mid = (lo + hi) / 2
        if g(mid) > 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2
