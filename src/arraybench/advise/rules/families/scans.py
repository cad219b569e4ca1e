"""A linear filter's scan (``level = a * level + b * x``) with NumPy alone, where it stays
finite: ``y[i] = a ** (i + 1) * (y0 + sum over j <= i of u[j] / a ** (j + 1))``, one
``np.cumsum`` of the terms each step adds over the factor's powers. ``scipy.signal.lfilter``
computes it too, but a program that never imported SciPy pays its import (0.6-3.7 s here, as
much as blind92's whole reservoir loop saved): where the factor's powers over the loop's steps
stay within float64's range, the closed form is the rewrite, and no import is priced."""

from __future__ import annotations

import ast
import math
import operator
from typing import TYPE_CHECKING

from ...read.syntax import walk_tree

if TYPE_CHECKING:
    from ...read.source import Loop, SourceFile
    from ..patterns.base import Analysis

#: The largest ``n * |ln a|`` for which ``a ** -n`` (and the terms it scales) stays well inside
#: float64's range (``exp(600)`` is ~1e260; float64 ends near 1e308).
LOG_SPAN_MAX = 600.0

_OPS = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
}


def _value(e: ast.expr, numbers: dict[str, float]) -> float | None:
    """The value of an arithmetic expression of numbers and names whose values the run saw."""
    if isinstance(e, ast.Constant) and isinstance(e.value, int | float):
        return float(e.value)
    if isinstance(e, ast.Name | ast.Attribute):
        return numbers.get(ast.unparse(e))
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
        v = _value(e.operand, numbers)
        return None if v is None else -v
    if isinstance(e, ast.BinOp) and type(e.op) in _OPS:
        left, right = _value(e.left, numbers), _value(e.right, numbers)
        if left is None or right is None:
            return None
        try:
            return float(_OPS[type(e.op)](left, right))
        except (ArithmeticError, ValueError):
            return None
    return None


def closed_form(a: Analysis, sf: SourceFile, loop: Loop) -> str:
    """The closed form of a linear filter's loop, as said to the user, where the factor's
    value was seen (or follows from values seen) and its powers over one entry's steps stay
    finite; "" otherwise (lfilter stays the rewrite)."""
    if "lfilter" not in loop.scan or not loop.scale or sf.tree is None:
        return ""
    try:
        scale = ast.parse(loop.scale, mode="eval").body
    except SyntaxError:
        return ""
    numbers: dict[str, float] = {}
    for ln in range(loop.line, loop.end + 1):
        for name, fact in a.ev.facts_at((sf.path, ln)).items():
            if fact.number is not None:
                numbers.setdefault(name, fact.number)
            elif fact.value is not None:
                numbers.setdefault(name, float(fact.value))
    # (a factor made once above the loop, ``decay = 1.0 - alpha``: its inputs' values)
    for n in walk_tree(sf.tree):
        if isinstance(n, ast.Assign) and n.lineno < loop.line and len(n.targets) == 1:
            key = ast.unparse(n.targets[0])
            if key not in numbers and key in loop.scale:
                got = _value(n.value, numbers)
                if got is not None:
                    numbers[key] = got
    factor = _value(scale, numbers)
    _, per_entry = a.loop_counts(sf.path, loop)
    if factor is None or factor == 0.0 or abs(factor) == 1.0 or per_entry < 1:
        return ""
    span = per_entry * abs(math.log(abs(factor)))
    if span > LOG_SPAN_MAX:
        return ""
    return (
        f"with NumPy alone, as the factor's powers stay finite over the {per_entry:,.0f} steps "
        f"({loop.scale} = {factor:.6g}; n * |ln a| = {span:.3g}, under {LOG_SPAN_MAX:.0f}): "
        "p = a ** np.arange(1, n + 1); y = p * (y0 + np.cumsum(u / p)), with u the term each "
        "step adds and y0 the value before the first step"
    )
