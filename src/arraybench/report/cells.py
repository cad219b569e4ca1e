"""The cells every report's tables share, whatever renders them (terminal, HTML): a cost model's
three figures and a case's speedup against its reference."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.units import format_ratio_with_interval, format_size, format_time

if TYPE_CHECKING:
    from ..analysis.fit import Fit
    from ..results import CaseResult, RunResult


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
    # What one step of n is (an element, a point, a row) is the workload's business: the
    # derivative of the model is per unit of n, whatever n counts.
    marginal = f"{format_time(fit.marginal(at))} per unit of n at n={format_size(at)}"
    if fit.per_flop:
        marginal += f", {format_time(fit.per_flop)}/flop"
    return fixed, k, marginal


def format_speedup_vs_reference(result: RunResult, case: CaseResult) -> str:
    """The "speedup vs ref" cell: how many times faster than the reference at the same size and
    dtype (the reference's time over the case's: below 1, slower), with the interval of that
    ratio (``"ref"`` for the reference itself, ``"—"`` without one). The same figure as the
    exports' ``speedup_vs_ref``."""
    ref = result.reference_for(case)
    if ref is case:
        return "ref"
    iv = result.speedup_vs_reference(case)
    return "—" if iv is None else format_ratio_with_interval(iv)
