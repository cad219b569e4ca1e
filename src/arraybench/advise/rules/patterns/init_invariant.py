"""AB411 of a method's costly value made from attributes only ``__init__`` sets, in a method the
run called many times, whoever calls it: a hook in a list, a transform in a pipeline, a callback
a library calls, where no loop of the file names the call.

``K = np.exp(-self.d2 / self.ell)`` or ``P = np.linalg.inv(self.cov)`` in ``__call__``: the
object's attributes never change after ``__init__`` (no method and no code of the module
assigns or writes them), so every call computes the same value; made once in ``__init__``, it
costs one evaluation. The loop-based AB411 (loop_invariant.py) needs the loop that calls the
method; this one needs only the attributes and the run's count.

    candidates  an assignment in a method other than ``__init__`` whose value is made of pure
                calls (read/purity.py's PURE_CALLS) and operators, and reads only constants,
                modules and attributes of ``self`` that nothing sets or changes after
                ``__init__``; not in a loop of the method
    evidence    the statement ran CALLS_MIN times or more; an array or tensor of MIN_ELEMENTS or
                more among the attributes seen, none a tensor autograd records (a parameter an
                optimizer changes in place); its own time LIST_SHARE of the run or more
    price       its own time less one evaluation (0.7 of that at the low end, 0.5 where the count
                is scaled)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...read.bind import module_namespaces
from ...read.purity import set_after_init
from ...read.source import SourceFile, enclosing_function
from ...records import LIST_SHARE, Finding
from ...run.values import is_array
from .base import Analysis
from .changes import _inputs
from .invariant_inputs import MIN_ELEMENTS
from .loop_invariant import REDUCING, LoopInvariant

#: Runs of the statement below which making its value once saves next to nothing.
CALLS_MIN = 20


class InitInvariant:
    """Runs after the loop-based AB411 (a loop that names the call says where to hoist)."""

    rule = LoopInvariant.rule

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        modules = set(module_namespaces(sf.tree))
        for node in ast.walk(sf.tree):
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            line = node.lineno
            if (sf.path, line) in a.found or a.covered(sf.path, line):
                continue
            fn = enclosing_function(sf, line)
            if (
                fn is None
                or fn.name == "__init__"
                or not fn.args.args
                or fn.args.args[0].arg != "self"
                or sf.enclosing_loops(line)
            ):
                continue
            names = _inputs(node.value, frozenset(), REDUCING, need_costly=False)
            if not names:
                continue
            held = {n for n in names if n.startswith("self.")}
            if not held or any(n not in modules and not n.startswith("self.") for n in names):
                continue
            if any("." in n[5:] or set_after_init(sf, n[5:]) for n in held):
                continue
            f = self._priced(a, sf, node, fn.name, held)
            if f is not None:
                yield f

    def _priced(
        self, a: Analysis, sf: SourceFile, node: ast.Assign, method: str, held: set[str]
    ) -> Finding | None:
        line = node.lineno
        count = a.led.count((sf.path, line))
        if count.n < CALLS_MIN:
            return None
        facts = a.ev.facts_in(sf.path, line, line)
        seen = [facts[n] for n in held if n in facts]
        if not any(is_array(x) and x.size >= MIN_ELEMENTS for x in seen):
            return None
        if any(x.grad for x in seen):
            return None  # a parameter an optimizer changes in place, out of the file's sight
        first, last = sf.span(line)
        seconds = a.led.span(sf.path, first, last, own=True)
        if seconds / a.total < LIST_SHARE:
            return None
        each = seconds / count.n
        high = max(0.0, seconds - each)
        low = 0.7 * high if count.exact else 0.5 * high
        target = node.targets[0]
        name = target.id if isinstance(target, ast.Name) else "value"
        f, _ = a.finding(sf, line, self.rule.code)
        inputs = "; ".join(f"{n}: {facts[n]}" for n in sorted(held) if n in facts)
        return replace(
            f,
            seconds=high,
            share=high / a.total,
            count=count,
            evidence=f"runs {count} times, {format_time(each)} each, from {inputs}: attributes "
            f"that nothing sets or changes after __init__, so every call of {method}() makes "
            f"the same value; compute it once in __init__ (self.{name} = "
            f"{ast.unparse(node.value)[:60]}...) and use "
            f"self.{name} in {method}()",
            gain=(low, high),
        )


PATTERN = InitInvariant()
