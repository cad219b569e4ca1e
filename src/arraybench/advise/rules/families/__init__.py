"""Lint's candidates as the run judges them: one module per family of codes, each holding what
the run must show to confirm or refute its candidates, where a finding stands, and its price.

A family is a module here with a ``FAMILY`` object (see :class:`Family`) that has

    codes    the codes it owns: lint's (its candidates) and the run's it turns them into
    locate   ``locate(a, c)`` (``c`` a :class:`~.base.Candidate`: the finding, the values seen,
             its loop, its source, lint's line): the finding where the report names it (AB107 on its
             loop's line; AB403 with the calls of the function it jits)
    refute   ``refute(a, c)``: why the run refutes the candidate, or ""
    settle   ``settle(a, c)``: the finding as confirmed (an element loop whose steps
             need the one before is a recurrence, AB406/AB408)
    price    ``price(a, c)``: what the rewrite saves, (low, high) seconds,
             from per-call costs measured after the run; None where it has no price

rules/confirm.py takes each of lint's candidates through them in that order (after the
refutation every candidate gets: not seen running); what only the run shows is in
rules/patterns/, one module a pattern. Adding a family is a module and a line in
:data:`FAMILIES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from . import compiles, float64, loops, per_iteration
from .base import Candidate

if TYPE_CHECKING:
    from ...records import Finding
    from ..patterns.base import Analysis


class Family(Protocol):
    """One family of lint's codes, as the run judges it (see the module's docstring)."""

    codes: frozenset[str]

    def locate(self, a: Analysis, c: Candidate) -> Finding: ...

    def refute(self, a: Analysis, c: Candidate) -> str: ...

    def settle(self, a: Analysis, c: Candidate) -> Finding: ...

    def price(self, a: Analysis, c: Candidate) -> tuple[float, float] | None: ...


#: Every family.
FAMILIES: tuple[Family, ...] = (loops.FAMILY, per_iteration.FAMILY, float64.FAMILY, compiles.FAMILY)
#: The family of each code.
BY_CODE: dict[str, Family] = {code: fam for fam in FAMILIES for code in fam.codes}

__all__ = ["BY_CODE", "FAMILIES", "Candidate", "Family"]
