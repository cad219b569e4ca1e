"""Where a value goes after the line that makes it: tensors made of NumPy data that only feed
reductions (``.sum()``, ``torch.mean(t)``), which run no model, and whose float64 keeps a sum's
precision for little cost (AB401, AB410)."""

from __future__ import annotations

import ast

from .source import SourceFile, call_name
from .syntax import walk_tree

#: Calls that make a tensor of NumPy data (AB401's), and the reductions that end one: a value
#: that only feeds these runs no model, and float64 keeps a sum's precision for little cost.
TO_TENSOR = frozenset({"from_numpy", "as_tensor", "tensor", "asarray"})
REDUCTIONS = frozenset(
    {"sum", "mean", "nansum", "nanmean", "prod", "std", "var", "norm", "max", "min", "item"}
)


def _reduced(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node.sum(...)``, ``torch.sum(node)``, ``sum(node)``: ``node`` is reduced right there."""
    p = parents.get(id(node))
    if isinstance(p, ast.Attribute) and p.value is node and p.attr in REDUCTIONS:
        return isinstance(parents.get(id(p)), ast.Call)
    return isinstance(p, ast.Call) and node in p.args and call_name(p) in REDUCTIONS


def only_reduced(sf: SourceFile, line: int) -> int | None:
    """Where the tensors a statement makes of NumPy data (``torch.from_numpy(a)``, or a name
    bound to one) go when they only feed reductions (``.sum()``, ``torch.mean(t)``): the line of
    the first, or None when one feeds anything else or goes nowhere seen."""
    if sf.tree is None:
        return None
    first, _ = sf.span(line)
    func = sf.functions.get(first, "")
    scope: ast.AST = sf.tree
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.lineno < first <= (node.end_lineno or node.lineno)
            and func.split(".")[-1] == node.name
        ):
            scope = node
    parents = {id(c): p for p in ast.walk(scope) for c in ast.iter_child_nodes(p)}
    stmt = next((n for n in ast.walk(scope) if isinstance(n, ast.stmt) and n.lineno == first), None)
    if stmt is None:
        return None
    made = [c for c in ast.walk(stmt) if isinstance(c, ast.Call) and call_name(c) in TO_TENSOR]
    where: list[int] = []
    for c in made:
        if _reduced(c, parents):
            where.append(first)
            continue
        if not (
            isinstance(stmt, ast.Assign)
            and stmt.value is c
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
        ):
            return None
        name = stmt.targets[0].id
        uses = [
            n
            for n in ast.walk(scope)
            if isinstance(n, ast.Name)
            and n.id == name
            and isinstance(n.ctx, ast.Load)
            and n.lineno > first
        ]
        if not uses or not all(_reduced(u, parents) for u in uses):
            return None
        where.append(uses[0].lineno)
    return min(where) if where else None
