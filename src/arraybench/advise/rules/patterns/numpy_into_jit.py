"""AB202 from the run: a NumPy array that does not change, passed to a jitted JAX function at
every call.

``score(self.returns, w, target)`` with ``score = jax.jit(...)`` and ``self.returns`` a
2500 x 1000 NumPy float64 array: at every call JAX copies the whole array into a device
buffer (and makes it float32 where x64 is off), then runs the compiled function. Made a JAX
array once (``self.returns = jnp.asarray(...)``), the same call reads the buffer it holds.

    candidates  a call, on a line the run saw ``PER_CALL_MIN`` times or more, of a function the
                run saw there as a jitted JAX function (``jaxlib.PjitFunction``)
    evidence    an argument the run saw there as a NumPy array of ELEMENTS_MIN elements or more,
                that does not change between calls: an attribute of the object that no method
                but ``__init__`` changes, or a name the loop around the call never stores
    price       one conversion of an array of that shape and dtype (``jnp.asarray``, waited
                for) timed after the run, times the calls less one, at most the line's time
                (with what it calls)
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import RULES
from ...read.purity import attribute_changed
from ...read.source import SourceFile, stored_in
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import conversion_cost
from ...run.values import is_array
from .base import Analysis

#: Elements below which converting the array is a few microseconds.
ELEMENTS_MIN = 10_000
#: Calls below which converting again is not a per-iteration cost.
PER_CALL_MIN = 20


class NumpyIntoJit:
    rule = RULES["AB202"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None or "jax" not in sys.modules:
            return
        for call in walk_tree(sf.tree):
            if not isinstance(call, ast.Call) or not call.args:
                continue
            line = call.lineno
            first, last = sf.span(line)
            if (sf.path, first) in a.found or a.covered(sf.path, first):
                continue
            facts = a.ev.facts_at((sf.path, line))
            fn = facts.get(ast.unparse(call.func))
            if fn is None or "PjitFunction" not in fn.type:
                continue
            count = a.led.count((sf.path, line))
            if count.n < PER_CALL_MIN:
                continue
            same = [
                (arg, x)
                for arg in call.args
                if (x := facts.get(ast.unparse(arg))) is not None
                and is_array(x)
                and x.type == "numpy.ndarray"
                and x.size >= ELEMENTS_MIN
                and _unchanged(sf, arg, first)
            ]
            if not same:
                continue
            seconds = a.led.span(sf.path, first, last)
            if seconds / a.total < LIST_SHARE:
                continue
            arg, x = max(same, key=lambda p: p[1].size)
            cost = conversion_cost(x.shape, x.dtype, min(0.5, a.budget()))
            if cost is None:
                continue
            high = min(seconds, max(0, count.n - 1) * cost)
            if high / a.total < LIST_SHARE:
                continue
            low = 0.7 * high if count.exact else 0.5 * high
            text = ast.unparse(arg)
            f, _ = a.finding(sf, first, self.rule.code)
            said = (
                f"{ast.unparse(call.func)} is a jitted JAX function, called {count} times with "
                f"{text}, a NumPy array ({x}) that does not change between calls: JAX copies "
                f"it into a device buffer at every call, {format_time(cost)} a copy (jnp.asarray "
                "of an array like it, timed after the run); make it a JAX array once, where it "
                f"is made ({text} = jnp.asarray(...)), and pass that"
            )
            yield replace(f, seconds=high, share=high / a.total, evidence=said, gain=(low, high))


def _unchanged(sf: SourceFile, arg: ast.expr, line: int) -> bool:
    """Whether the argument is the same array at every call: an attribute of ``self`` that no
    method but ``__init__`` changes, or a name the loops around the call never store."""
    if sf.tree is None:
        return False
    if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name):
        if arg.value.id != "self":
            return False
        methods = [
            m
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.ClassDef)
            for m in c.body
            if isinstance(m, ast.FunctionDef) and m.name != "__init__"
        ]
        return not any(
            attribute_changed(sf, arg.attr, m.lineno, m.end_lineno or m.lineno) for m in methods
        )
    if isinstance(arg, ast.Name):
        loops = sf.enclosing_loops(line)
        return bool(loops) and not any(stored_in(sf, arg.id, lp.line, lp.end) for lp in loops)
    return False


PATTERN = NumpyIntoJit()
