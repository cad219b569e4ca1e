"""AB411 of a call the run saw with the same arguments every time: a pure function of the file
called again and again on the same integers (``causal_mask(t)`` with ``t`` 256 at every look,
``motion_blur_bank(size, 2.5, 0.7, n_angles)`` with a partial's constants), so it builds the
same value each time. Where its arguments come from (a shape, a partial's keywords, defaults)
the source cannot tell whether they change; the values the run recorded at the call can.

    candidates  a call of the file's pure function (read/purity.py) whose arguments are
                constants and names
    evidence    each name seen as an int with one value at every look (LOOKS_MIN looks or
                more); the function run CALLS_MIN times or more; its time (its lines, what they
                call) LIST_SHARE of the run or more
    price       the function's time less one call (its value made once): the whole at the high
                end, 0.7 of it at the low end where the count is scaled
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...read.purity import pure_functions
from ...read.source import SourceFile
from ...read.syntax import one_return, walk_tree
from ...records import LIST_SHARE, Finding
from .base import Analysis
from .loop_invariant import LoopInvariant

#: Looks at the call that must all have seen the same values.
LOOKS_MIN = 3
#: Calls below which building the value again is not a repeated cost.
CALLS_MIN = 10


class InvariantCall:
    """Runs after AB411's statements and before AB412's library calls on Python numbers (the
    function's lines, which a value made once no longer runs)."""

    rule = LoopInvariant.rule

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        pure = pure_functions(sf)
        defs = {n.name: n for n in sf.tree.body if isinstance(n, ast.FunctionDef)}
        for call in walk_tree(sf.tree):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id in pure
                and call.func.id in defs
                and call.args
                and all(isinstance(x, ast.Name | ast.Constant) for x in call.args)
                and all(isinstance(k.value, ast.Constant) for k in call.keywords)
            ):
                continue
            line = call.lineno
            first, last = sf.span(line)
            # (a finding that holds the line and costs something: its rewrite takes the call;
            # one under LIST_SHARE, a draw's block around it, does not)
            if (sf.path, first) in a.found or any(
                f.path == sf.path and f.line <= first <= f.end and f.share >= LIST_SHARE
                for f in a.found.values()
            ):
                continue
            fn = defs[call.func.id]
            if sf.functions.get(line, "").rsplit(".", 1)[-1] == fn.name:
                continue  # (a recursive call)
            same = _same_values(a, sf, line, call)
            if same is None:
                continue
            body = fn.body[0].lineno
            end = fn.end_lineno or body
            if any((sf.path, ln) in a.found for ln in range(fn.lineno, end + 1)):
                continue  # (the function's own finding says what to change in it)
            # (its calls from this line: the line's runs; its body's first line may be a
            # comprehension's, counted per item)
            count = a.led.count((sf.path, line))
            calls = count.n
            if calls < CALLS_MIN:
                continue
            spent = a.led.span(sf.path, body, end)
            # (its calls from this line: the line's time with what it calls, at most)
            spent = min(spent, a.led.span(sf.path, first, last))
            high = spent * (1 - 1 / calls)
            if high / a.total < LIST_SHARE:
                continue
            low = high if count.exact else 0.7 * high
            # (a function of one ``return`` is that formula, built again at each call: told on
            # its line; a longer one at the call)
            ret = one_return(fn)
            at = ret.lineno if ret is not None else first
            f, _ = a.finding(sf, at, self.rule.code)
            a.held.update((sf.path, ln) for ln in range(fn.lineno, end + 1) if ln != at)
            args = ", ".join(f"{n} = {v}" for n, v in same)
            where = f"line {line}'s " if at != first else ""
            yield replace(
                f,
                seconds=high,
                share=high / a.total,
                count=count,
                evidence=f"{where}{ast.unparse(call)} runs {calls:,} times with {args} at every "
                f"look: {fn.name} is a pure function of its arguments, so it makes the same "
                f"value each time ({format_time(spent / calls)} a call, {format_time(spent)} in "
                f"all); make it once and reuse it (before the loop, in __init__, or "
                f"functools.lru_cache on {fn.name})",
                gain=(low, high),
            )


def _same_values(
    a: Analysis, sf: SourceFile, line: int, call: ast.Call
) -> list[tuple[str, int]] | None:
    """The call's names with the one int each had at every look at its line, or None where a
    name was not seen as one int throughout (or none is a name)."""
    looks = a.ev.samples.facts.get((sf.path, line), {})
    out: list[tuple[str, int]] = []
    for arg in call.args:
        if not isinstance(arg, ast.Name):
            continue
        seen = looks.get(arg.id, [])
        values = {f.value for f in seen}
        if len(seen) < LOOKS_MIN or len(values) != 1 or None in values:
            return None
        value = next(iter(values))
        assert value is not None
        out.append((arg.id, value))
    return out or None


PATTERN = InvariantCall()
