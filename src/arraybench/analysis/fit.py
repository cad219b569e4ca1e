"""The cost model of a series: t(n) = a + b·n^k, fitted to the medians, with bootstrap CIs.

``a`` is the fixed cost of a call (dispatch, allocation, conversion of the arguments), ``b·n^k``
the cost that grows with the size; ``k`` is chosen by the data (near 1 for elementwise work, near
2 or 3 for dense linear algebra in the matrix side).

Idea:
    for every k on a fine grid in [K_MIN, K_MAX]:
        (a, b) <- weighted least squares with a >= 0, b >= 0   (closed form: two unknowns)
    keep the k with the smallest weighted squared error
    weights: 1 / sigma_i^2, sigma_i = max(CI half-width of median_i / 1.96, REL_NOISE * median_i)
    CIs: wild bootstrap (each residual keeps its point, its sign flipped at random, at least the
         point's own uncertainty), refit, percentiles 2.5 and 97.5

Everything is vectorized over the k grid, so a fit with 200 bootstrap replicates takes a few
milliseconds: whole runs are explained in well under a second.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..results import CaseResult, RunResult

#: The exponents searched. Below 0.25 "growth" is indistinguishable from a constant over the sizes
#: people measure; above 3 no common array kernel scales (dense matmul on n x n is 3).
K_MIN, K_MAX, K_STEP = 0.25, 3.0, 0.005
#: A floor on each point's relative uncertainty: medians at neighbouring sizes differ by a few
#: percent for reasons no CI of one case sees (cache boundaries, allocator, frequency).
REL_NOISE = 0.03
#: The fit is called poor when a point is missed by more than this share of its median.
POOR_FIT_REL = 0.25
#: Below this share of the time at the largest size, growth is called absent: the fixed cost
#: dominates the whole measured range.
FLAT_SHARE = 0.05
#: The fewest sizes a restricted fit keeps (three parameters need at least three points).
MIN_POINTS = 4
BOOTSTRAP = 200
SEED = 20261121

Series = tuple[str, str, str, str, str]


@dataclass(frozen=True)
class Fit:
    """The fitted cost model of one series (workload, impl, backend, device, dtype).

    Attributes:
        kind: ``fit`` (a, b, k fitted), ``two-point`` (k fixed at 1), ``flat`` (no growth: only a
            is meaningful) or ``single`` (one size: a is that time; nothing is fitted).
        good: whether the model describes the points (``problem`` says why not).
        max_rel_residual: the largest miss, as a share of the point's median.
        per_flop: seconds per flop of the growing part at the largest size, when flops are known.
    """

    series: Series
    sizes: tuple[int, ...]
    medians: tuple[float, ...]
    #: the 95% CI of each median, per size: what tells a real difference from a tie
    ci_lows: tuple[float, ...]
    ci_highs: tuple[float, ...]
    kind: str
    a: float
    b: float
    k: float
    a_ci: tuple[float, float]
    b_ci: tuple[float, float]
    k_ci: tuple[float, float]
    good: bool
    problem: str = ""
    max_rel_residual: float = 0.0
    per_flop: float | None = None
    #: the largest size the model was fitted to (None: every size).
    fitted_up_to: int | None = None
    boot: tuple[tuple[float, float, float], ...] = field(default=(), repr=False, compare=False)

    def predict(self, n: float | np.ndarray) -> Any:
        n_arr = np.asarray(n, dtype=float)
        if self.kind in ("flat", "single"):
            return np.full_like(n_arr, self.a) if n_arr.ndim else self.a
        return self.a + self.b * n_arr**self.k

    def marginal(self, n: float) -> float:
        """Seconds per extra element at size ``n`` (the derivative of the model)."""
        if self.kind in ("flat", "single"):
            return 0.0
        return float(self.b * self.k * n ** (self.k - 1))

    @property
    def name(self) -> str:
        _, impl, backend, device, dtype = self.series
        dev = "" if device == "cpu" else f" {device}"
        return f"{impl} ({backend}{dev} {dtype})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "series": list(self.series),
            "sizes": list(self.sizes),
            "kind": self.kind,
            "a": self.a,
            "b": self.b,
            "k": _finite(self.k),
            "a_ci": list(self.a_ci),
            "b_ci": list(self.b_ci),
            "k_ci": [_finite(v) for v in self.k_ci],
            "good": self.good,
            "problem": self.problem,
            "max_rel_residual": self.max_rel_residual,
            "per_flop": self.per_flop,
            "fitted_up_to": self.fitted_up_to,
        }


def fit_series(cases: Sequence[CaseResult], bootstrap: int = BOOTSTRAP, seed: int = SEED) -> Fit:
    """Fit t(n) = a + b·n^k to the ok cases of one series.

    When one power law cannot describe every size (typically the data leaves the cache at the
    largest sizes, or threads start), the largest sizes are dropped one by one, down to
    MIN_POINTS, until the model fits; the fit then says up to which size it holds and by how much
    the larger sizes depart from it.

    Args:
        cases: the cases of one series (same workload, impl, backend, device, dtype).
        bootstrap: replicates for the CIs.
        seed: seed of the bootstrap, so the same results always give the same CIs.

    Returns:
        A :class:`Fit`; never raises on degenerate data (one size, flat lines, noise only).
    """
    ok = sorted((c for c in cases if c.ok and c.measurement is not None), key=lambda c: c.size)
    if not ok:
        raise ValueError("no measured case to fit")
    whole = _fit(ok, bootstrap, seed)
    if whole.good or len(ok) <= MIN_POINTS:
        return whole
    for end in range(len(ok) - 1, MIN_POINTS - 1, -1):
        part = _fit(ok[:end], bootstrap, seed)
        if part.good:
            beyond = ok[end:]
            # The next size is the telling one: far beyond, any extrapolation is meaningless.
            nxt = beyond[0]
            miss = nxt.measurement.median / float(part.predict(nxt.size)) - 1  # type: ignore[union-attr]
            direction = "above" if miss > 0 else "below"
            note = (
                f"holds up to n={part.sizes[-1]}; at n={nxt.size} the time is "
                f"{abs(miss):.0%} {direction} the model (the data leaves a cache, or threads "
                "start or stop)"
            )
            return replace(
                part,
                sizes=whole.sizes,
                medians=whole.medians,
                ci_lows=whole.ci_lows,
                ci_highs=whole.ci_highs,
                problem=note,
                fitted_up_to=part.sizes[-1],
            )
    return whole


def _fit(ok: Sequence[CaseResult], bootstrap: int, seed: int) -> Fit:
    series = ok[0].series
    n = np.array([c.size for c in ok], dtype=float)
    t = np.array([c.measurement.median for c in ok])  # type: ignore[union-attr]
    half = np.array([(c.measurement.ci[1] - c.measurement.ci[0]) / 2 for c in ok])  # type: ignore[union-attr]
    sigma = np.maximum(half / 1.96, REL_NOISE * t)
    sizes, medians = tuple(int(v) for v in n), tuple(float(v) for v in t)
    lows = tuple(float(c.measurement.ci[0]) for c in ok)  # type: ignore[union-attr]
    highs = tuple(float(c.measurement.ci[1]) for c in ok)  # type: ignore[union-attr]

    if len(ok) == 1:
        return Fit(
            series,
            sizes,
            medians,
            lows,
            highs,
            "single",
            medians[0],
            0.0,
            math.nan,
            (medians[0] - half[0], medians[0] + half[0]),
            (0.0, 0.0),
            (math.nan, math.nan),
            good=False,
            problem="one size only: the time at that size, no scaling",
        )

    ks = np.array([1.0]) if len(ok) == 2 else np.arange(K_MIN, K_MAX + K_STEP / 2, K_STEP)
    a, b, k, _ = _best(n, t, sigma, ks)
    rng = np.random.default_rng(seed)
    resid = t - (a + b * n**k)
    spread = np.maximum(np.abs(resid), sigma)
    flips = rng.choice((-1.0, 1.0), size=(bootstrap, len(t)))
    tb = np.maximum(a + b * n**k + flips * spread, t * 0.05)
    arr = _best_many(n, tb, sigma, ks)
    lo, hi = np.percentile(arr, [2.5, 97.5], axis=0)

    rel = np.abs(resid) / t
    worst = int(np.argmax(rel))
    growth = b * n[-1] ** k
    per_flop = None
    if ok[-1].flops:
        per_flop = float(growth / ok[-1].flops) if growth > 0 else None
    kind, good, problem = ("two-point" if len(ok) == 2 else "fit"), True, ""
    if len(ok) == 2:
        problem = "two sizes only: k is fixed at 1"
    if growth < FLAT_SHARE * t[-1]:
        kind, problem = (
            "flat",
            ("the time does not grow with n over the measured range: the fixed cost dominates"),
        )
    if rel[worst] > POOR_FIT_REL:
        good = False
        problem = (
            f"the model misses n={sizes[worst]} by {rel[worst]:.0%}: the time does not "
            "follow a + b·n^k over this range (caches, threads or a change of algorithm "
            "between sizes)"
        )
    return Fit(
        series,
        sizes,
        medians,
        lows,
        highs,
        kind,
        float(a),
        float(b),
        float(k),
        (float(lo[0]), float(hi[0])),
        (float(lo[1]), float(hi[1])),
        (float(lo[2]), float(hi[2])),
        good=good,
        problem=problem,
        max_rel_residual=float(rel[worst]),
        per_flop=per_flop,
        boot=tuple((float(x), float(y), float(z)) for x, y, z in arr),
    )


def fit_all(result: RunResult | Iterable[CaseResult]) -> dict[Series, Fit]:
    """A fit per series of a run, for every series with at least one ok case."""
    by: dict[Series, list[CaseResult]] = {}
    for c in result:
        if c.ok:
            by.setdefault(c.series, []).append(c)
    return {s: fit_series(cs) for s, cs in by.items()}


def _best(
    n: np.ndarray, t: np.ndarray, sigma: np.ndarray, ks: np.ndarray
) -> tuple[float, float, float, float]:
    """The (a, b, k, chi2) minimising the weighted squared error, a >= 0 and b >= 0."""
    a, b, k, chi2 = _best_many(n, t[None, :], sigma, ks, with_chi2=True)[0]
    return float(a), float(b), float(k), float(chi2)


def _best_many(
    n: np.ndarray, t: np.ndarray, sigma: np.ndarray, ks: np.ndarray, with_chi2: bool = False
) -> np.ndarray:
    """``_best`` for many sets of times at once: t is [R, N]; returns [R, 3] (a, b, k), or
    [R, 4] with chi2. Every replicate is solved for every k with one matrix product."""
    w = 1.0 / sigma**2
    x = n[None, :] ** ks[:, None]  # [K, N]
    s1 = w.sum()
    st = (t * w).sum(1)[:, None]  # [R, 1]
    sx = (w * x).sum(1)[None, :]  # [1, K]
    sxx = (w * x * x).sum(1)[None, :]  # [1, K]
    sxt = (t * w) @ x.T  # [R, K]
    det = s1 * sxx - sx * sx
    with np.errstate(divide="ignore", invalid="ignore"):
        a = np.where(det > 0, (sxx * st - sx * sxt) / det, st / s1)
        b = np.where(det > 0, (s1 * sxt - sx * st) / det, 0.0)
        # Negative fixed cost is not physical: refit b alone through the origin.
        a_neg = a < 0
        a = np.where(a_neg, 0.0, a)
        b = np.where(a_neg, sxt / sxx, b)
        # Negative growth is not either: the best constant.
        b_neg = b < 0
        a = np.where(b_neg, st / s1, a)
        b = np.where(b_neg, 0.0, b)
    a, b = np.broadcast_to(a, sxt.shape), np.broadcast_to(b, sxt.shape)
    # chi2 = sum w (t - a - b x)^2, expanded so that no [R, K, N] array is ever built.
    stt = (t * t * w).sum(1)[:, None]
    chi2 = stt + a * a * s1 + b * b * sxx - 2 * a * st - 2 * b * sxt + 2 * a * b * sx
    i = np.nanargmin(chi2, axis=1)
    r = np.arange(len(t))
    cols = [a[r, i], b[r, i], ks[i]] + ([chi2[r, i]] if with_chi2 else [])
    return np.stack(cols, axis=1)


def _finite(v: float) -> float | None:
    return v if math.isfinite(v) else None
