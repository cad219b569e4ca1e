"""What a loop's steps would cost on Python floats and lists: each statement of its body priced
by the elements its operations touch, times how often the statement ran (AB406's price); the
file's own functions it calls are steps of it too.

A recurrence kept as a loop but run on Python floats pays a float operation for an operation on
single elements (``x[i] = a * x[i - 1] + b[i]``), but an operation on a vector or matrix
(``alpha[t - 1].dot(A) * B[:, x[t]]`` on a 2-vector and a 2x2 matrix) becomes a comprehension
over its elements, which costs about what the array library's call did. Pricing every operation
as one float operation, and every statement at the loop header's count, stated hmmd.py's loop at
16-18% of its run where the rewrite saves 1-4% (round 8 of real code).
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Iterator

from ..read.source import Loop, SourceFile, call_name
from ..read.syntax import seen_name, walk_tree
from ..run.checks import COMPOUND
from ..run.values import Fact, is_array

#: An operation's elements are counted up to this (beyond it the float version loses anyway).
MOST_ELEMENTS = 1_000_000


def float_cost(
    sf: SourceFile,
    loop: Loop,
    facts_at: Callable[[int], dict[str, Fact]],
    count_at: Callable[[int], int],
    scalar_op: float,
    list_op: float,
    time_at: Callable[[int, int], float] | None = None,
    factor: float = 1.0,
) -> float:
    """Seconds the loop's body would take on Python floats and lists: each operation (see
    :func:`_operations_run`) at its statement's count, ``scalar_op`` for one on single
    elements, ``list_op`` (a comprehension over two) and ``scalar_op`` for each element past
    two for one on a vector or matrix (a product: one comprehension per output); a growth
    (``np.vstack((traj, x))``) is an append, ``list_op``. Each statement's figure, times
    ``factor``, is capped by what it took in the run (``time_at(first, last line)``): a step
    that floats would not make cheaper (a distance to 13 obstacles at once) stays as it is."""
    total = 0.0
    for stmt, ops in _statement_operations(sf, loop, facts_at, count_at):
        cost = 0.0
        for times, op, n in ops:
            if isinstance(op, ast.Call) and call_name(op) in GROWERS:
                one = list_op
            elif n <= 1:
                one = scalar_op
            elif _product(op):
                # a matrix or vector product on lists: a sum over a comprehension for each of
                # its ~sqrt(n) outputs, and one around them
                one = (1 + math.sqrt(n)) * list_op + n * scalar_op
            else:
                one = list_op + (n - 2) * scalar_op
            cost += times * one
        cost *= factor
        if time_at is not None:
            cost = min(cost, time_at(stmt.lineno, stmt.end_lineno or stmt.lineno))
        total += cost
    return total


#: Calls that make a new array of their inputs joined: on lists, an append.
GROWERS = frozenset(
    {"append", "concatenate", "vstack", "hstack", "row_stack", "column_stack", "dstack", "cat"}
)


#: Calls that are matrix or vector products.
PRODUCTS = frozenset({"dot", "matmul", "inner", "vdot", "tensordot", "einsum", "mv", "mm"})


def element_work(
    sf: SourceFile,
    loop: Loop,
    facts_at: Callable[[int], dict[str, Fact]],
    count_at: Callable[[int], int],
) -> float:
    """Elements the loop's operations touch over the run (each at its statement's count, see
    :func:`_operations_run`): what a whole-array rewrite still works through, one pass an
    operation. A loop over rows of 784 values is 784 an operation, not one. A comprehension's
    statement holds more than its items' work (``sum(f(y[i]) for i in range(len(y))) /
    len(y)``): only the work of the file's functions it calls is counted for it (the caller's
    per-operation floor stands for the rest)."""
    ops = _operations_run(sf, loop, facts_at, count_at)
    if loop.comprehension:
        # the work of the functions its items call (``self.feedforward(x)`` per test column:
        # two 30x784 products each, which one product over the stacked columns still does)
        return sum(
            t * n for t, op, n in ops if not loop.line <= getattr(op, "lineno", 0) <= loop.end
        )
    return sum(times * n for times, _, n in ops)


def _operations_run(
    sf: SourceFile,
    loop: Loop,
    facts_at: Callable[[int], dict[str, Fact]],
    count_at: Callable[[int], int],
) -> Iterator[tuple[int, ast.AST, int]]:
    """Each call and operator of the loop's simple statements (and of the file's functions it
    calls, see :func:`_statements`): the times its statement ran (``count_at(line)``), the
    operation, and the elements it touches, from the values' sizes seen there
    (``facts_at(line)``)."""
    for _, ops in _statement_operations(sf, loop, facts_at, count_at):
        yield from ops


def _statement_operations(
    sf: SourceFile,
    loop: Loop,
    facts_at: Callable[[int], dict[str, Fact]],
    count_at: Callable[[int], int],
) -> Iterator[tuple[ast.stmt, list[tuple[int, ast.AST, int]]]]:
    """:func:`_operations_run`, statement by statement. A call of the file's own functions
    touches no elements itself (its body's statements are steps of their own, and its arguments
    are passed, not copied)."""
    own = _file_functions(sf)
    for stmt in _statements(sf, loop):
        ops = [
            op
            for op in _operations(stmt)
            if not (isinstance(op, ast.Call) and call_name(op) in own)
        ]
        if not ops:
            continue
        facts, times = facts_at(stmt.lineno), count_at(stmt.lineno)
        yield stmt, [(times, op, min(MOST_ELEMENTS, _elements(op, facts, own))) for op in ops]


def _file_functions(sf: SourceFile) -> frozenset[str]:
    if sf.tree is None:
        return frozenset()
    return frozenset(
        n.name for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    )


def _product(op: ast.AST) -> bool:
    if isinstance(op, ast.BinOp):
        return isinstance(op.op, ast.MatMult)
    if isinstance(op, ast.Call):
        f = op.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        return name in PRODUCTS
    return False


def _statements(sf: SourceFile, loop: Loop) -> Iterator[ast.stmt]:
    """The simple statements of the loop's body, and of the functions and methods of the file
    it calls (one level: ``bandit.act()``'s argmax is a step of the loop too, at its own
    count)."""
    if sf.tree is None:
        return
    inside = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.stmt) and not isinstance(n, COMPOUND)
        and loop.body <= n.lineno <= loop.end
    ]  # fmt: skip
    yield from inside
    called = {call_name(c) for stmt in inside for c in ast.walk(stmt) if isinstance(c, ast.Call)}
    for fn in walk_tree(sf.tree):
        if (
            isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
            and fn.name in called
            and not loop.line <= fn.lineno <= loop.end
        ):
            for n in ast.walk(fn):
                if isinstance(n, ast.stmt) and not isinstance(n, COMPOUND):
                    yield n


def _operations(stmt: ast.stmt) -> list[ast.AST]:
    return [n for n in ast.walk(stmt) if isinstance(n, ast.Call | ast.BinOp | ast.AugAssign)]


#: Builtins whose call touches no array's elements (a length, a range, a conversion of one value).
SCALAR_CALLS = frozenset(
    {"len", "range", "int", "float", "bool", "abs", "round", "enumerate", "zip"}
)


def _elements(op: ast.AST, facts: dict[str, Fact], own: frozenset[str] = frozenset()) -> int:
    """The elements an operation touches: its largest operand's (a call of one of the file's
    functions, ``own``, gives a value of one element here: its work is its body's)."""
    if isinstance(op, ast.Call) and isinstance(op.func, ast.Name) and op.func.id in SCALAR_CALLS:
        return 1
    if isinstance(op, ast.Call) and call_name(op) in own:
        return 1
    if isinstance(op, ast.BinOp):
        operands: list[ast.expr] = [op.left, op.right]
    elif isinstance(op, ast.AugAssign):
        operands = [op.target, op.value]
    elif isinstance(op, ast.Call):
        operands = [*op.args, *(k.value for k in op.keywords)]
        if isinstance(op.func, ast.Attribute):
            operands.append(op.func.value)  # a method's receiver: ``a.dot(b)``
    else:
        return 1
    return max((_size(e, facts, own) for e in operands), default=1)


def _offset(e: ast.expr | None) -> tuple[str, int] | None:
    """``i + 2`` as ("i", 2), ``i`` as ("i", 0), ``5`` as ("", 5); None for anything else."""
    if isinstance(e, ast.Constant) and isinstance(e.value, int):
        return "", e.value
    if (
        isinstance(e, ast.BinOp)
        and isinstance(e.op, ast.Add | ast.Sub)
        and isinstance(e.right, ast.Constant)
        and isinstance(e.right.value, int)
    ):
        return ast.unparse(e.left), e.right.value if isinstance(e.op, ast.Add) else -e.right.value
    if e is not None:
        return ast.unparse(e), 0
    return None


def _slice_width(s: ast.expr, dim: int) -> int:
    """Elements a slice keeps of a dimension of ``dim``: ``i - 1 : i + 2`` keeps 3 (a window
    that moves with the loop), ``a : b`` of unknown bounds the whole dimension."""
    if not isinstance(s, ast.Slice):
        return dim
    lo, hi = _offset(s.lower) if s.lower is not None else ("", 0), _offset(s.upper)
    if lo is None or hi is None or lo[0] != hi[0] or s.step is not None:
        return dim
    return max(1, min(dim, hi[1] - lo[1]))


def _size(e: ast.expr, facts: dict[str, Fact], own: frozenset[str] = frozenset()) -> int:
    """Elements of an expression's value: an array's size from the run, a subscript's part of
    it (an index takes a dimension away, a slice keeps it), an operation's largest operand."""
    if isinstance(e, ast.Name | ast.Attribute):
        fact = facts.get(seen_name(e))
        return max(1, fact.size) if fact is not None and is_array(fact) else 1
    if isinstance(e, ast.Subscript):
        base = facts.get(seen_name(e.value))
        if base is None or not is_array(base) or not base.shape:
            return 1
        index = e.slice.elts if isinstance(e.slice, ast.Tuple) else [e.slice]
        kept = [
            _slice_width(index[i], d) if i < len(index) else d
            for i, d in enumerate(base.shape)
            if i >= len(index) or isinstance(index[i], ast.Slice)
        ]
        n = 1
        for d in kept:
            n *= d
        return max(1, n)
    if isinstance(e, ast.BinOp):
        return max(_size(e.left, facts, own), _size(e.right, facts, own))
    if isinstance(e, ast.UnaryOp):
        return _size(e.operand, facts, own)
    if isinstance(e, ast.Call):
        return _elements(e, facts, own)
    return 1
