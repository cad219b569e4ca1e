"""A loop on Python numbers that one of its statements turns into NumPy scalars (``rate =
np.maximum(path[m] + margin, 0.02) / 12``): the statement is the finding, AB412, on the run's
element loop (rules/confirm.py reads these; the tiny-array calls of tiny_arrays.py count the
statement's operations)."""

from __future__ import annotations

import ast
from dataclasses import replace

from ...read.bind import module_namespaces
from ...read.source import SourceFile, call_name
from ...read.syntax import target_names, walk_tree
from ...records import Finding
from ...run.values import array_scalar, is_array
from .base import Analysis
from .tiny_arrays import _numbers, _Ops


def scalar_sources(a: Analysis, sf: SourceFile, line: int, end: int) -> list[int]:
    """Where an element loop's NumPy scalars come from, when it is a loop on Python numbers
    that one of its statements turns into NumPy scalars: the lines of the statements that call
    a library function on Python numbers (``rate = np.maximum(path[m] + margin, 0.02) / 12``)
    and make the names the loop then carries, every NumPy scalar seen in the loop being a name
    the loop assigns, and no array or tensor seen there. Empty otherwise (a loop over an
    array's elements is the loop's finding, not a call's)."""
    if sf.tree is None:
        return []
    node = next(
        (n for n in walk_tree(sf.tree) if isinstance(n, (ast.For, ast.While)) and n.lineno == line),
        None,
    )
    if node is None:
        return []
    facts = a.ev.facts_in(sf.path, line, end)
    if any(is_array(f) for f in facts.values()):
        return []
    scalars = {n for n, f in facts.items() if array_scalar(f) and f.type.startswith("numpy.")}
    if not scalars or any(array_scalar(f) and n not in scalars for n, f in facts.items()):
        return []  # no NumPy scalar, or a 0-d tensor (its own costs)
    loop_names = {t for t in target_names(node.target)} if isinstance(node, ast.For) else set()
    assigned: dict[str, list[tuple[ast.stmt, set[str]]]] = {}
    for stmt in ast.walk(node):
        if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            mine = {n for t in targets for n in target_names(t)}
            for name in mine:
                assigned.setdefault(name, []).append((stmt, mine))
    if scalars & loop_names or not scalars <= set(assigned):
        return []  # a NumPy scalar the loop takes from outside (an array's element)
    aliases = module_namespaces(sf.tree)
    own = {
        n.name
        for n in walk_tree(sf.tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    }
    lines = set()
    for name in scalars:
        for stmt, mine in assigned[name]:
            first, last = stmt.lineno, stmt.end_lineno or stmt.lineno
            seen = a.ev.facts_in(sf.path, first, last)
            ops = _Ops(seen, aliases, own)
            ops.count(stmt)
            read = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)}
            if (read & scalars) - mine:
                continue  # carries a NumPy scalar made elsewhere: not where they come from
            numbers = {n: f for n, f in seen.items() if n in read and n not in scalars}
            if ops.unknown or not _numbers(stmt, numbers, aliases, ops):
                continue
            lines.add(first)
    return sorted(lines)


#: NumPy functions on numbers and what does the same on Python floats.
ON_FLOATS = {
    "maximum": "max(a, b)",
    "minimum": "min(a, b)",
    "fmax": "max(a, b)",
    "fmin": "min(a, b)",
    "clip": "min(max(x, lo), hi)",
    "abs": "abs(x)",
    "absolute": "abs(x)",
    "exp": "math.exp(x)",
    "log": "math.log(x)",
    "sqrt": "math.sqrt(x)",
    "power": "x ** p",
    "floor": "math.floor(x)",
    "ceil": "math.ceil(x)",
    "sin": "math.sin(x)",
    "cos": "math.cos(x)",
    "tanh": "math.tanh(x)",
    "hypot": "math.hypot(x, y)",
    "round": "round(x, k)",
}


def from_scalars(a: Analysis, sf: SourceFile, loop: Finding, lines: list[int]) -> Finding:
    """An element loop on Python numbers whose NumPy scalars one statement makes (see
    :func:`scalar_sources`) is that statement's finding: reported on its line, its price the
    loop's (the same steps on Python floats), its evidence where the scalars come from."""
    first = lines[0]
    calls = [
        c
        for line in lines
        for c in sf.calls_on(line)
        if (call_name(c) or "") in ON_FLOATS and isinstance(c.func, ast.Attribute)
    ]
    names = sorted(
        {n for n, f in a.ev.facts_in(sf.path, loop.line, loop.end).items() if array_scalar(f)}
    )
    made = ", ".join(names[:6]) + (" ..." if len(names) > 6 else "")
    where = ", ".join(str(x) for x in lines)
    stand_in = "; ".join(
        f"{ast.unparse(c.func)} -> {ON_FLOATS[call_name(c) or '']}" for c in calls[:3]
    )
    evidence = (
        f"line{'s' if len(lines) > 1 else ''} {where} call{'s' if len(lines) == 1 else ''} "
        f"NumPy on Python numbers and make NumPy scalars that the loop at line {loop.line} then "
        f"carries ({made}: numpy.float64 seen): every step's arithmetic pays NumPy's scalar "
        f"costs, not a float's; the loop: {loop.evidence.split('; the loop ran')[0]}"
    )
    if stand_in:
        evidence += f"; on Python floats: {stand_in}"
    return replace(
        loop,
        code="AB412",
        line=first,
        snippet=f"{sf.text(first)}  (in the loop at line {loop.line})",
        evidence=evidence,
    )
