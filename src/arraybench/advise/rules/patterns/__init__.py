"""What only a run shows, one pattern a module: its rule, what the run must show, its price.

A pattern is a module here with a ``PATTERN`` object that has

    rule     its :class:`~arraybench.advise.codes.Rule` (code, name, message, rewrite),
             registered with ``codes.register`` when the module is imported
    find     ``find(a, sf)``: the findings in one source file, from the run's evidence that
             ``a`` (an :class:`~.base.Analysis`: rules/confirm.py's class) holds: the ledger's
             time and counts (``a.led``), the values seen (``a.ev.facts_in``), the per-call
             costs measured after the run (``a.costs``), the findings so far (``a.found``,
             ``a.covered``). Each finding it yields carries its evidence and its priced gain;
             a candidate the run refutes goes to ``a.dropped`` with the reason.

The pipeline is candidates (the source) -> evidence (the run) -> verdict -> price, all in the
pattern's module, so adding one is adding a module and a line to :data:`PATTERNS`. The
patterns run in this order, after lint's candidates, the element loops and the per-line
conversions; a pattern sees the findings of those before it (a loop of JAX dispatches leaves
out the time of the findings inside it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from ...codes import Rule
from ...records import Finding
from . import (
    batch_of_one,
    builtin_reduction,
    constant_build,
    dispatch,
    float64_attribute,
    float64_from_numpy,
    float64_promotion,
    float64_state,
    growing_list,
    growth,
    init_invariant,
    integer_power,
    invariant_calls,
    invariant_getters,
    invariant_solve,
    list_membership,
    loop_invariant,
    needless_copy,
    numpy_into_jit,
    pixel_access,
    rare_use,
    row_products,
    scalar_draws,
    tiny_arrays,
    vectorized,
)
from .base import Analysis

if TYPE_CHECKING:
    from ...read.source import SourceFile


class Pattern(Protocol):
    """One kind of slow site that a run recognises (see the module's docstring)."""

    rule: Rule

    def find(self, a: Analysis, sf: SourceFile) -> Iterable[Finding]: ...


#: Every pattern, in the order they run.
PATTERNS: tuple[Pattern, ...] = (
    invariant_solve.PATTERN,
    loop_invariant.PATTERN,
    row_products.PATTERN,
    batch_of_one.PATTERN,
    growth.PATTERN,
    constant_build.PATTERN,
    float64_promotion.PATTERN,
    float64_attribute.PATTERN,
    float64_from_numpy.PATTERN,
    float64_state.PATTERN,
    builtin_reduction.PATTERN,
    list_membership.PATTERN,
    pixel_access.PATTERN,
    integer_power.PATTERN,
    vectorized.PATTERN,
    growing_list.PATTERN,
    needless_copy.PATTERN,
    numpy_into_jit.PATTERN,
    rare_use.PATTERN,
    dispatch.PATTERN,
    scalar_draws.PATTERN,
    invariant_getters.PATTERN,
    invariant_calls.PATTERN,
    init_invariant.PATTERN,
    tiny_arrays.PATTERN,
)

__all__ = ["PATTERNS", "Analysis", "Pattern"]
