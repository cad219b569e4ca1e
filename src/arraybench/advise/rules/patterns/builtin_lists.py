"""AB409's converted form: an array or tensor made a list (``.tolist()``) for a builtin's pass
over it on the next statement (rules/patterns/builtin_reduction.py's candidates beside it)."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...read.source import SourceFile
from ...read.syntax import statement_lists, walk_tree
from ...records import LIST_SHARE, Finding
from ...run.values import is_array
from .base import Analysis

#: The builtins that reduce their argument's items (builtin_reduction.py reads them too).
REDUCERS = frozenset({"sum", "max", "min", "any", "all", "sorted"})


def converted(a: Analysis, sf: SourceFile, code: str) -> Iterator[Finding]:
    """``p = probs.detach().flatten().tolist()`` then ``sum(1 for v in p if v > t)``: an
    array or tensor made a list for a builtin's pass over it in Python, on the next
    statement of the block, the list read nowhere else (blind29's confidence monitor,
    12,288 probabilities a step: 29% of its run). One whole-array reduction does both."""
    assert sf.tree is not None
    for block in statement_lists(sf.tree):
        for made, used in itertools.pairwise(block):
            got = _tolist(made)
            if got is None:
                continue
            name, source = got
            call = _reduces(used, name)
            if call is None or _read_elsewhere(sf, name, made, used):
                continue
            first, last = made.lineno, used.end_lineno or used.lineno
            if (sf.path, first) in a.found and a.found[(sf.path, first)].code != "AB201":
                continue
            if a.covered(sf.path, first) and (sf.path, first) not in a.found:
                continue
            seconds = a.led.span(sf.path, first, last)
            if seconds / a.total < LIST_SHARE:
                continue
            facts = a.ev.facts_at((sf.path, first))
            x = facts.get(source)
            if x is None or not is_array(x) or x.size < CONVERTED_MIN:
                continue
            count = a.led.count((sf.path, first))
            # what stays: one reduction over the array and one number out, a run
            keep = count.n * 3 * a.costs.call([x])
            f, _ = a.finding(sf, first, code)
            assert isinstance(made, ast.Assign) and isinstance(call.func, ast.Name)
            said = (
                f"{ast.unparse(made.value)} makes a list of the {x.size:,} elements of "
                f"{source} ({x}) for {call.func.id}() on line {used.lineno} to walk in "
                f"Python, {count} times; both lines take {format_time(seconds)}: reduce "
                f"the array itself instead (a comparison and .sum(), .max() or .any() on "
                f"{source}, one .item() at the end)"
            )
            a.found.pop((sf.path, first), None)
            high = seconds
            low = max(0.0, seconds - keep)
            yield replace(
                f,
                end=last,
                snippet=f"{sf.text(first)}  ... {sf.text(used.lineno)} (line {used.lineno})",
                seconds=high,
                share=high / a.total,
                evidence=said,
                gain=(low, high),
            )


#: Elements a converted array must hold for its Python pass to be the cost.
CONVERTED_MIN = 1000


def _tolist(stmt: ast.stmt) -> tuple[str, str] | None:
    """``p = x.....tolist()``: the list's name and the array's (the chain's root name)."""
    if not (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Call)
        and isinstance(stmt.value.func, ast.Attribute)
        and stmt.value.func.attr == "tolist"
    ):
        return None
    root: ast.expr = stmt.value.func.value
    while isinstance(root, ast.Call | ast.Attribute | ast.Subscript):
        root = root.func if isinstance(root, ast.Call) else root.value
    if not isinstance(root, ast.Name):
        return None
    return stmt.targets[0].id, root.id


def _reduces(stmt: ast.stmt, name: str) -> ast.Call | None:
    """The builtin reduction in ``stmt`` over ``name`` itself or a comprehension of it."""
    for c in ast.walk(stmt):
        if not (
            isinstance(c, ast.Call)
            and isinstance(c.func, ast.Name)
            and c.func.id in REDUCERS
            and c.args
        ):
            continue
        arg = c.args[0]
        if isinstance(arg, ast.Name) and arg.id == name:
            return c
        if (
            isinstance(arg, ast.GeneratorExp | ast.ListComp)
            and len(arg.generators) == 1
            and isinstance(arg.generators[0].iter, ast.Name)
            and arg.generators[0].iter.id == name
        ):
            return c
    return None


def _read_elsewhere(sf: SourceFile, name: str, made: ast.stmt, used: ast.stmt) -> bool:
    """Whether the function reads ``name`` other than on the two statements."""
    assert sf.tree is not None
    func = sf.functions.get(made.lineno, "")
    spans = {*range(made.lineno, (made.end_lineno or made.lineno) + 1)} | {
        *range(used.lineno, (used.end_lineno or used.lineno) + 1)
    }
    return any(
        isinstance(n, ast.Name)
        and n.id == name
        and isinstance(n.ctx, ast.Load)
        and n.lineno not in spans
        and sf.functions.get(n.lineno, "") == func
        for n in walk_tree(sf.tree)
    )
