"""AB103 from the run: a function made by ``np.vectorize`` called on an array, a Python loop over
its elements whatever loop (if any) is around the call.

``payoff_v = np.vectorize(bump_payoff)`` then ``payoff_v(terminal, strike, knocked)`` on 200,000
paths: NumPy calls ``bump_payoff`` once per element, each call paying the interpreter and a
NumPy scalar's arithmetic. Lint names such a call with one argument in a loop; the run sees the
vectorize object and the arrays' sizes at any call, of any arity, in a loop or not.

    candidates  calls on a line of the file whose function the run saw there as a
                ``numpy.vectorize`` object
    evidence    an array argument of ELEMENTS_MIN elements or more at that line; the line's
                time LIST_SHARE of the run or more
    price       the line's time less what the same elements cost as whole-array operations:
                between PER_ELEMENT_LOW_S and PER_ELEMENT_HIGH_S an element a run (a rewrite
                with ``np.where`` and a few temporaries; the function's own branches become
                masks)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import RULES
from ...read.source import SourceFile
from ...records import LIST_SHARE, Finding
from ...run.values import is_array
from .base import Analysis

#: Elements below which a vectorized call is a few calls, not a loop worth a rewrite.
ELEMENTS_MIN = 1_000
#: What an element costs once the function is whole-array operations: a few operations at
#: 1-4 ns an element each (the low end of the saving assumes the costlier).
PER_ELEMENT_LOW_S = 40e-9
PER_ELEMENT_HIGH_S = 4e-9


class Vectorized:
    rule = RULES["AB103"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        done: set[int] = set()
        for call in ast.walk(sf.tree):
            # by name, or held by the object (``self._payoff = np.vectorize(...)`` in
            # ``__init__``, called in a method: blind21's option grid)
            if not isinstance(call, ast.Call) or not (
                isinstance(call.func, ast.Name)
                or (
                    isinstance(call.func, ast.Attribute)
                    and isinstance(call.func.value, ast.Name)
                    and call.func.value.id == "self"
                )
            ):
                continue
            first = sf.span(call.lineno)[0]
            if first in done or (sf.path, first) in a.found or a.covered(sf.path, first):
                continue
            facts = a.ev.facts_at((sf.path, call.lineno))
            called = ast.unparse(call.func)
            fn = facts.get(called)
            if fn is None or fn.type != "numpy.vectorize":
                continue
            arrays = [
                (arg, x)
                for arg in call.args
                if isinstance(arg, ast.Name)
                and (x := facts.get(arg.id)) is not None
                and is_array(x)
                and x.size >= ELEMENTS_MIN
            ]
            if not arrays:
                continue
            done.add(first)
            f, _ = a.finding(sf, first, self.rule.code)
            if f.seconds / a.total < LIST_SHARE:
                continue
            arg, big = max(arrays, key=lambda p: p[1].size)
            runs = max(1, f.count.n if f.count is not None else 1)
            elements = big.size * runs
            low = max(0.0, f.seconds - elements * PER_ELEMENT_LOW_S)
            high = max(low, f.seconds - elements * PER_ELEMENT_HIGH_S)
            said = (
                (f"{f.evidence}; " if f.evidence else "")
                + f"{called} is a numpy.vectorize: it calls the Python function once per "
                f"element of {arg.id} ({big}), {elements:,} calls in all, "
                f"{format_time(f.seconds / elements)} each; write the function on whole arrays "
                "(its if/else as np.where or boolean masks, math.exp as np.exp) and call it once"
            )
            yield replace(f, evidence=said, gain=(low, high), seconds=high, share=high / a.total)


PATTERN = Vectorized()
