"""Reading the syntax tree: dotted names with import aliases resolved, the names an expression
reads or a target binds, the nodes of one scope, the integers an expression of literals computes.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator
from functools import lru_cache
from typing import Protocol

from .libraries import ARRAY_ROOTS

#: A count up to this, written as a literal (range(3), np.zeros(8)), is a few things (axes,
#: layers, channels), not the elements of data: a loop over it costs a few calls, whatever
#: their size.
FEW_ITEMS = 16


class Assigned(Protocol):
    """What ``constant`` reads of a scope's facts: the value a name was last assigned."""

    def last_value(self, name: str, line: int) -> ast.AST | None: ...


def qualname(node: ast.AST, namespaces: dict[str, str]) -> str | None:
    """The dotted name of a Name/Attribute chain with import aliases resolved, else None.

    ``np.random.rand`` -> ``numpy.random.rand`` when ``import numpy as np``; ``self.model`` ->
    ``self.model``; ``f(x).sum`` -> None.
    """
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(namespaces.get(node.id, node.id))
    return ".".join(reversed(parts))


def is_namespace_call(
    qual: str | None, namespaces: dict[str, str], roots: frozenset[str] | None = None
) -> bool:
    """Whether a qualified name is a function of an array library (``numpy.sum``, ``xp.exp``).

    ``roots``: the top-level modules of ``namespaces`` (``import jax.numpy as jnp`` imports
    ``jax``), when the caller has them at hand."""
    if qual is None or "." not in qual:
        return False
    root = qual.split(".", 1)[0]
    if root not in ARRAY_ROOTS:
        return False
    if roots is None:
        roots = frozenset(v.split(".", 1)[0] for v in namespaces.values())
    return root in roots or root == "xp"


def names_in(node: ast.AST) -> set[str]:
    """Every name read in an expression (not inside nested functions' own parameters)."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def dotted_reads(node: ast.AST) -> set[str]:
    """Names and dotted attribute chains (``self.w``) read in an expression."""
    out: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            q = qualname(n, {})
            if q is not None:
                out.add(q)
    return out


def seen_name(node: ast.expr) -> str:
    """``a`` or ``buf.s``: how the values seen at a line name it (advise/run/sampler.py), or ""
    for any other expression."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return ""


def target_names(target: ast.AST) -> list[str]:
    """Names bound by an assignment target (tuples unpacked; subscripts bind nothing)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple | ast.List):
        return [n for t in target.elts for n in target_names(t)]
    if isinstance(target, ast.Starred):
        return target_names(target.value)
    if isinstance(target, ast.Attribute):
        q = qualname(target, {})
        return [q] if q is not None else []
    return []


def walk_scope(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """Every node of a scope's body, not entering nested functions, lambdas or classes."""
    stack: list[ast.AST] = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            # Decorators and defaults run in this scope; the body does not.
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                stack.extend(reversed(node.decorator_list))
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


def sequence_arithmetic(node: ast.BinOp) -> bool:
    """``a + (b,)``, ``[0] * n``, ``tuple(x) + y``: concatenation or repetition of sequences."""
    if not isinstance(node.op, ast.Add | ast.Mult):
        return False
    for side in (node.left, node.right):
        if isinstance(side, ast.Tuple | ast.List | ast.ListComp):
            return True
        if (
            isinstance(side, ast.Call)
            and isinstance(side.func, ast.Name)
            and side.func.id in ("tuple", "list")
        ):
            return True
        if isinstance(side, ast.BinOp) and sequence_arithmetic(side):
            return True
    return False


def object_dtype(node: ast.Call) -> bool:
    """np.array(blocks, dtype=object): a container of Python objects, not numbers."""
    dt = dtype_arg(node)
    if isinstance(dt, ast.Name):
        return dt.id == "object"
    if isinstance(dt, ast.Constant):
        return dt.value in ("object", "O")
    return isinstance(dt, ast.Attribute) and dt.attr in ("object_", "object")


def float_literal(node: ast.AST) -> bool:
    """A list or tuple literal (nested or not) with a Python float in it."""
    if isinstance(node, ast.List | ast.Tuple):
        return any(float_literal(e) for e in node.elts)
    return isinstance(node, ast.Constant) and isinstance(node.value, float)


def dtype_arg(node: ast.Call) -> ast.AST | None:
    for kw in node.keywords:
        if kw.arg == "dtype":
            return kw.value
    return None


def has_dtype(node: ast.Call) -> bool:
    return dtype_arg(node) is not None


def measures_size(value: ast.AST, sizes: set[str] | None = None) -> bool:
    """Whether an expression is a number of elements: len(x), x.shape[0], x.size, x.numel(),
    a literal above a few, or arithmetic on such (n - 1, 2 * n)."""
    for n in ast.walk(value):
        if (
            isinstance(n, ast.Constant)
            and isinstance(n.value, int)
            and not isinstance(n.value, bool)
        ):
            if n.value > FEW_ITEMS:
                return True
        elif (
            (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "len")
            or (isinstance(n, ast.Attribute) and n.attr in ("shape", "size", "numel", "nnz"))
            or (isinstance(n, ast.Name) and sizes is not None and n.id in sizes)
        ):
            return True
    return False


def int_op(op: ast.operator, a: int | None, b: int | None) -> int | None:
    """``a op b`` for the integer arithmetic of sizes (``+ - * // / **``), or None."""
    if a is None or b is None:
        return None
    if isinstance(op, ast.Add):
        return a + b
    if isinstance(op, ast.Sub):
        return a - b
    if isinstance(op, ast.Mult):
        return a * b
    if isinstance(op, ast.FloorDiv | ast.Div) and b:
        return a // b
    if isinstance(op, ast.Pow) and 0 <= b <= 64 and abs(a) < 2**16:
        return int(a**b)
    return None


def constant(node: ast.AST, facts: Assigned | None = None, depth: int = 0) -> int | None:
    """The integer an expression of literals computes (``10**6``, ``2 * 512``, ``n`` when
    ``n = 1000`` is its last assignment above), or None."""
    if depth > 4:
        return None
    if isinstance(node, ast.Constant):
        v = node.value
        if isinstance(v, bool) or not isinstance(v, int | float):
            return None
        return int(v)
    if isinstance(node, ast.BinOp):
        return int_op(
            node.op, constant(node.left, facts, depth + 1), constant(node.right, facts, depth + 1)
        )
    if isinstance(node, ast.Name) and facts is not None:
        value = facts.last_value(node.id, getattr(node, "lineno", 10**9))
        if value is not None:
            return constant(value, facts, depth + 1)
    return None


def public_data_function(q: str) -> bool:
    """A documented array function (np.sum, torch.relu), not a private helper (torch._utils.x,
    torch._foreach_mul) nor a predicate (torch.is_tensor, has_torch_function) whose argument
    may be anything."""
    parts = q.split(".")[1:]
    return (
        not any(p.startswith("_") for p in parts)
        and not parts[-1].startswith(("is_", "has_", "overrides"))
        and "overrides" not in parts
    )


def imported_names(tree: ast.Module, everywhere: bool = True) -> dict[str, str]:
    """The file's imported names and what they are (``np`` -> ``numpy``, ``F`` ->
    ``torch.nn.functional``, ``svd`` -> ``numpy.linalg.svd``): its imports anywhere, or only
    its module-level ones (``everywhere=False``)."""
    out: dict[str, str] = {}
    for node in walk_tree(tree) if everywhere else tree.body:
        if isinstance(node, ast.Import):
            for al in node.names:
                if al.asname:
                    out[al.asname] = al.name
                else:
                    out[al.name.split(".")[0]] = al.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for al in node.names:
                out[al.asname or al.name] = f"{node.module}.{al.name}"
    return out


def call_name(call: ast.Call) -> str:
    """``item`` of ``t.item()``, ``tensor`` of ``torch.tensor(...)``, ``float`` of ``float(x)``."""
    return function_name(call.func)


def function_name(f: ast.expr) -> str:
    """The last name of an expression that names a function: ``apply_along_axis`` of
    ``np.apply_along_axis``, ``f`` of ``f``; "" for any other expression."""
    if isinstance(f, ast.Attribute):
        return f.attr
    if isinstance(f, ast.Name):
        return f.id
    return ""


def own_call_name(call: ast.Call) -> str | None:
    """The name a call runs the file's own code by: ``f`` of ``f(x)``, ``step`` of
    ``self.step(x)``; None for any other call (``np.sum(x)``, ``obj.step()``)."""
    f = call.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self":
        return f.attr
    return None


#: The fields of a node that hold a list of statements.
BODIES = ("body", "orelse", "finalbody")


def statement_lists(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    """Each list of statements of the tree (a function's body, a loop's, each branch)."""
    for node in walk_tree(tree):
        for name in BODIES:
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield body


def maker_of(
    tree: ast.Module | None, fn: ast.FunctionDef | ast.AsyncFunctionDef
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function whose body defines ``fn`` (a closure's maker), if any."""
    for node in walk_tree(tree) if tree is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn in node.body:
            return node
    return None


def parameter_names(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Every parameter's name (positional, keyword-only, ``*args``, ``**kwargs``)."""
    return {x.arg for x in ast.walk(fn.args) if isinstance(x, ast.arg)}


def bound_names(fn: ast.AST) -> set[str]:
    """Names a function (or a whole module) binds: stores, nonlocal and global declarations
    too."""
    out = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    for n in ast.walk(fn):
        if isinstance(n, (ast.Nonlocal, ast.Global)):
            out |= set(n.names)
    return out


def one_return(fn: ast.FunctionDef | ast.AsyncFunctionDef | None) -> ast.Return | None:
    """The ``return`` of a function whose body, a docstring aside, is one ``return`` of a value
    (a formula: ``return self.K / self.masses[:, None]``), else None."""
    body = [
        st
        for st in (fn.body if fn is not None else [])
        if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant))
    ]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    return body[0]


def assigned_pairs(node: ast.Assign) -> list[tuple[ast.expr, ast.expr]]:
    """Each target of an assignment with the value it takes: a tuple of names unpacked from a
    tuple of values pairs them one by one (``self.u_prev, self.u = self.u, u_new``); any other
    target takes the whole value."""
    pairs: list[tuple[ast.expr, ast.expr]] = []
    for t in node.targets:
        if (
            isinstance(t, ast.Tuple)
            and isinstance(node.value, ast.Tuple)
            and len(t.elts) == len(node.value.elts)
        ):
            pairs += list(zip(t.elts, node.value.elts, strict=True))
        else:
            pairs.append((t, node.value))
    return pairs


@lru_cache(maxsize=64)
def parent_map(tree: ast.AST) -> dict[int, ast.AST]:
    """Each node's parent by the child's id, once a tree (read only: it is shared)."""
    return {id(c): p for p in walk_tree(tree) for c in ast.iter_child_nodes(p)}


@lru_cache(maxsize=64)
def walk_tree(tree: ast.AST) -> tuple[ast.AST, ...]:
    """Every node of a parsed file, in :func:`ast.walk`'s order, listed once a tree: the rules
    walk the whole file for each statement they look at (a tuple reads 10x faster than the walk
    is made). The trees are never changed once parsed (rewrites work on copies)."""
    return tuple(ast.walk(tree))


def put_names(node: ast.expr, given: dict[str, ast.expr]) -> ast.expr:
    """A copy of the expression with each name of ``given`` replaced by (a copy of) the
    expression given for it: a function's returned expression with a call's arguments put for
    its parameters."""

    class _Put(ast.NodeTransformer):
        def visit_Name(self, name: ast.Name) -> ast.expr:
            return copy.deepcopy(given[name.id]) if name.id in given else name

    made = _Put().visit(copy.deepcopy(node))
    assert isinstance(made, ast.expr)
    return made


def first_iterables(tree: ast.AST, line: int) -> set[int]:
    """The ids of the nodes in the first iterable of each comprehension that holds ``line``:
    evaluated once a statement, not once an iteration of the comprehension."""
    return {
        id(n)
        for comp in walk_tree(tree)
        if isinstance(comp, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp)
        and comp.lineno <= line <= (comp.end_lineno or comp.lineno)
        for n in ast.walk(comp.generators[0].iter)
    }
