"""Human-readable numbers with units."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..analysis.fit import Fit

_TIME_UNITS = ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns"))


def format_time(seconds: float, digits: int = 3) -> str:
    """``0.0000123`` -> ``"12.3 µs"``: three significant digits in the largest fitting unit."""
    if seconds is None or not math.isfinite(seconds):
        return "—"
    if seconds == 0:
        return "0 s"
    for scale, unit in _TIME_UNITS:
        if abs(seconds) >= scale:
            return f"{_sig(seconds / scale, digits)} {unit}"
    return f"{_sig(seconds / 1e-9, digits)} ns"


def format_size(n: int) -> str:
    """Sizes as people read them: 1000 -> 1e3 only when a power of ten, else with separators."""
    if n >= 1000 and 10 ** round(math.log10(n)) == n:
        return f"1e{round(math.log10(n))}"
    return f"{n:,}"


def format_ratio(x: float) -> str:
    if not math.isfinite(x):
        return "—"
    if x >= 100:
        return f"{x:,.0f}x"
    if x >= 10:
        return f"{x:.1f}x"
    return f"{x:.2f}x"


def _sig(x: float, digits: int) -> str:
    if x == 0:
        return "0"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(x))))
    return f"{x:.{decimals}f}"


def fit_figures(fit: Fit) -> tuple[str, str, str]:
    """A cost model's fixed cost with its CI, its exponent with its CI, and its marginal cost at
    the largest size where it holds: the three cells every report shows for a fit."""
    if fit.kind == "single":
        return format_time(fit.a) + " (one size)", "—", "—"
    fixed = f"{format_time(fit.a)} [{format_time(fit.a_ci[0])}–{format_time(fit.a_ci[1])}]"
    if fit.kind == "flat":
        return fixed, "—", "—"
    k = f"{fit.k:.2f} [{fit.k_ci[0]:.2f}–{fit.k_ci[1]:.2f}]"
    top = fit.sizes[-1]
    at = min(top, fit.fitted_up_to or top)
    marginal = f"{format_time(fit.marginal(at))}/element at n={format_size(at)}"
    if fit.per_flop:
        marginal += f", {format_time(fit.per_flop)}/flop"
    return fixed, k, marginal
