"""float64 where float32 would do (lint's AB401): refuted where the arrays the run saw there are
not float64, or where the float64 tensor made there only feeds a reduction (no model runs on
it, and float64 keeps the sum's precision for little cost). The model run in float64 is priced
by running it again in float32 after the run (rules/confirm.py's ``models``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...read.reduced import only_reduced
from ...run.values import is_array
from .base import Candidate, Plain

if TYPE_CHECKING:
    from ..patterns.base import Analysis


class Float64(Plain):
    codes = frozenset({"AB401"})

    def refute(self, a: Analysis, c: Candidate) -> str:
        facts, sf = c.facts, c.sf
        arrays = [x for x in facts.values() if is_array(x)]
        if arrays and not any(x.dtype == "float64" for x in arrays):
            return "the arrays here are " + ", ".join(sorted({x.dtype for x in arrays}))
        at = only_reduced(sf, c.line)
        if at is not None:
            return (
                f"the float64 tensor made here only feeds a reduction (line {at}): no model "
                "runs on it, and float64 keeps the sum's precision for little cost"
            )
        return ""


FAMILY = Float64()
