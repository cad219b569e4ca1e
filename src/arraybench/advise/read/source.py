"""What ``profile`` needs to know of a line of the user's source: the statement it belongs to,
the loops around it, what it calls. Plain ``ast``; one parse per file, cached.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import syntax
from .libraries import CONSTRUCTORS
from .recurrence import (
    carries_state,
    descending,
    is_recurrence,
    object_state,
    scan_of,  # noqa: F401 (read here too: the tests and older callers import it from source)
    scan_parts,
    written_out,
)
from .syntax import int_op, walk_tree

#: ``item`` of ``t.item()`` (read/syntax.py's; the rules read it from here).
call_name = syntax.call_name
LOOP_NODES = (ast.For, ast.AsyncFor, ast.While)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)

#: Calls that bring a value from a tensor (or JAX array) to Python: a device sync on a GPU and
#: a Python object per call everywhere.
SYNC_METHODS = frozenset({"item", "tolist", "numpy", "cpu"})
SYNC_BUILTINS = frozenset({"float", "int", "bool"})
#: Calls that build an array or tensor from what they are given.
BUILD_CALLS = frozenset(
    {"tensor", "as_tensor", "from_numpy", "array", "asarray", "stack", "FloatTensor", "LongTensor"}
)
#: Calls that move data between devices.
MOVE_METHODS = frozenset({"to", "cuda", "device_put"})


@dataclass(frozen=True)
class Loop:
    """A loop of the source: a ``for``/``while`` statement or a comprehension.

    Attributes:
        line: its first line (where reports name it).
        end: its last line.
        body: the first line of its body (hit once per iteration), or ``line`` for a
            comprehension (its line is hit once per item).
        targets: the names the loop binds (``i``, ``x, y``).
        indexes: whether the body indexes something with a loop name as a scalar (``x[i]``,
            ``img[i, j]``; a slice ``x[i:i+b]`` is not).
        comprehension: a comprehension rather than a statement.
    """

    line: int
    end: int
    body: int
    targets: tuple[str, ...]
    indexes: bool
    comprehension: bool = False
    parent: int | None = None
    #: a comprehension's names (its items, conditions and what it iterates over)
    names: tuple[str, ...] = ()
    #: a generator expression (which keeps a frame of its own on every Python)
    generator: bool = False
    #: what it iterates over (a ``for``'s iterable, a comprehension's first one); None for
    #: ``while``
    over: ast.expr | None = field(default=None, compare=False)
    #: each step needs the one before (``u[n + 1] = f(u[n])``, ``h = tanh(W @ h + x[t])``)
    recurrence: bool = False
    #: the library scan that computes the recurrence whole (``np.cumsum`` for
    #: ``c[i] = c[i - 1] + x[i]``), or "" (see :func:`scan_of`)
    scan: str = ""
    #: an accumulator written out at every step (``out[d] = total``): a running total or
    #: extreme, the scan's whole output, not a reduction's one value
    written: bool = False
    #: for a linear filter's scan (``level = a * level + b * x``), the factor on the last
    #: result, as written (``a``), or "" (see :func:`scan_parts`)
    scale: str = ""


@dataclass
class SourceFile:
    path: str
    lines: list[str]
    tree: ast.Module | None
    loops: list[Loop] = field(default_factory=list)
    #: line -> (first, last) line of the innermost statement starting or holding it
    spans: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: line -> the name of the innermost function holding it ("" at module level)
    functions: dict[int, str] = field(default_factory=dict)
    #: per method name of the file's classes, the ``self`` attributes it writes and reads
    #: (:func:`object_state`)
    state: dict[str, tuple[set[str], set[str]]] = field(default_factory=dict)

    def text(self, line: int) -> str:
        if 1 <= line <= len(self.lines):
            return self.lines[line - 1].strip()
        return ""

    def loop_at(self, line: int) -> Loop | None:
        for lp in self.loops:
            if lp.line == line:
                return lp
        return None

    def span(self, line: int) -> tuple[int, int]:
        return self.spans.get(line, (line, line))

    def calls_on(self, line: int) -> list[ast.Call]:
        if self.tree is None:
            return []
        return [n for n in walk_tree(self.tree) if isinstance(n, ast.Call) and n.lineno == line]

    def enclosing_loops(self, line: int) -> list[Loop]:
        """The loops holding the line, innermost first."""
        return sorted(
            (lp for lp in self.loops if lp.line <= line <= lp.end and not lp.comprehension),
            key=lambda lp: lp.line,
            reverse=True,
        )


def _names(target: ast.AST) -> tuple[str, ...]:
    return tuple(n.id for n in ast.walk(target) if isinstance(n, ast.Name))


def _counters(node: ast.While) -> tuple[str, ...]:
    """The names a ``while`` loop steps by one and tests (``while i < len(x): ...; i += 1``):
    its index, as a ``for`` loop's target is."""
    tested = {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
    return tuple(
        dict.fromkeys(
            s.target.id
            for s in node.body
            if isinstance(s, ast.AugAssign)
            and isinstance(s.op, ast.Add | ast.Sub)
            and isinstance(s.target, ast.Name)
            and s.target.id in tested
            and isinstance(s.value, ast.Constant)
            and s.value.value == 1
        )
    )


def _indexes(body: list[ast.AST], names: tuple[str, ...]) -> bool:
    if not names:
        return False
    for stmt in body:
        for n in ast.walk(stmt):
            if not isinstance(n, ast.Subscript):
                continue
            idx = n.slice
            parts = idx.elts if isinstance(idx, ast.Tuple) else [idx]
            for p in parts:
                if isinstance(p, ast.Slice):
                    continue
                if any(isinstance(m, ast.Name) and m.id in names for m in ast.walk(p)):
                    return True
    return False


@lru_cache(maxsize=256)
def read_source(path: str) -> SourceFile:
    """The file's statements, loops and functions by line (an unreadable file has none)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return SourceFile(path, [], None)
    lines = text.splitlines()
    try:
        tree = ast.parse(text, filename=path)
    except (SyntaxError, ValueError):
        return SourceFile(path, lines, None)
    sf = SourceFile(path, lines, tree, state=object_state(tree))
    _walk(sf, tree, "", None)
    return sf


def _walk(sf: SourceFile, node: ast.AST, func: str, loop: int | None) -> None:
    for child in ast.iter_child_nodes(node):
        name = func
        inner = loop
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{func}.{child.name}" if func else child.name
            inner = None
        if isinstance(child, ast.stmt):
            end = child.end_lineno or child.lineno
            for ln in range(child.lineno, end + 1):
                sf.spans[ln] = (child.lineno, end)
                sf.functions[ln] = name
        if isinstance(child, LOOP_NODES):
            targets = (
                _names(child.target)
                if isinstance(child, (ast.For, ast.AsyncFor))
                else _counters(child)  # type: ignore[arg-type]
            )
            body = child.body[0].lineno if child.body else child.lineno
            scan, scale = scan_parts(child.body, descending(child))
            sf.loops.append(
                Loop(
                    child.lineno,
                    child.end_lineno or child.lineno,
                    body,
                    targets,
                    _indexes(list(child.body), targets),
                    parent=loop,
                    over=child.iter if isinstance(child, (ast.For, ast.AsyncFor)) else None,
                    recurrence=is_recurrence(child.body)
                    or carries_state(child.body, sf.state, targets),
                    scan=scan,
                    written=written_out(child.body),
                    scale=scale,
                )
            )
            inner = child.lineno
        elif isinstance(child, COMPREHENSIONS):
            targets = tuple(t for g in child.generators for t in _names(g.target))
            elts: list[ast.AST] = (
                [child.key, child.value] if isinstance(child, ast.DictComp) else [child.elt]
            )
            elts += [c for g in child.generators for c in g.ifs]
            if not sf.loop_at(child.lineno):
                sf.loops.append(
                    Loop(
                        child.lineno,
                        child.end_lineno or child.lineno,
                        child.lineno,
                        targets,
                        _indexes(elts, targets),
                        comprehension=True,
                        parent=loop,
                        names=tuple({n.id for n in ast.walk(child) if isinstance(n, ast.Name)}),
                        generator=isinstance(child, ast.GeneratorExp),
                        over=child.generators[0].iter,
                    )
                )
        _walk(sf, child, name, inner)


def _receiver_chain(call: ast.Call) -> Iterator[ast.AST]:
    """What a call's value is read from, outermost first: ``t.cpu()`` then ``t`` of
    ``t.cpu().item()``; the first argument's for a builtin call (``x`` of ``float(x)``)."""
    f = call.func
    node: ast.AST | None = f.value if isinstance(f, ast.Attribute) else None
    if node is None and not isinstance(f, ast.Attribute) and call.args:
        node = call.args[0]
    while node is not None:
        yield node
        if isinstance(node, ast.Call):
            node = node.func.value if isinstance(node.func, ast.Attribute) else None
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            node = node.value
        else:
            node = None


def receiver(call: ast.Call) -> str:
    """The name a method is called on (``t`` of ``t.item()``, ``loss`` of ``loss.cpu().item()``)
    or the first argument's name of a builtin call (``x`` of ``float(x)``)."""
    last = next(reversed(list(_receiver_chain(call))), None)
    return last.id if isinstance(last, ast.Name) else ""


def held_receiver(call: ast.Call, facts: Mapping[str, object]) -> str:
    """:func:`receiver`, or the attribute of ``self`` the value is read from where the run saw
    it (``self.eta`` of ``self.eta.abs().max().item()``, not the object ``self``), for a
    method's call."""
    for node in _receiver_chain(call) if isinstance(call.func, ast.Attribute) else ():
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and f"self.{node.attr}" in facts
        ):
            return f"self.{node.attr}"
    return receiver(call)


def static_size(node: ast.expr | None, facts: dict[str, Any]) -> int | None:
    """How many items a loop over ``node`` gets, from the values seen at run time: the length of
    a list or an array's first axis, ``range(...)`` of ints seen (``range(len(x))``,
    ``range(x.shape[1])``, ``range(1, n - 1)``), ``enumerate``/``zip``/``reversed`` of those.
    None when the values do not tell."""
    if node is None:
        return None
    if isinstance(node, ast.Name):
        f = facts.get(node.id)
        shape = getattr(f, "shape", ())
        return int(shape[0]) if shape and getattr(f, "kind", "") != "scalar" else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        name, args = node.func.id, node.args
        if name == "range" and 1 <= len(args) <= 3 and not node.keywords:
            vals = [_int(a, facts) for a in args]
            if any(v is None for v in vals):
                return None
            ints = [v for v in vals if v is not None]
            return len(range(*ints)) if (len(ints) < 3 or ints[2] != 0) else None
        if name in ("enumerate", "reversed", "sorted", "list", "tuple") and args:
            return static_size(args[0], facts)
        if name == "zip" and args:
            sizes = [static_size(a, facts) for a in args]
            known = [s for s in sizes if s is not None]
            return min(known) if known else None
    return None


def _int(node: ast.expr, facts: dict[str, Any]) -> int | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return int(node.value)
    if isinstance(node, ast.Name):
        v = getattr(facts.get(node.id), "value", None)
        return int(v) if isinstance(v, int) else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len":
        return static_size(node.args[0], facts) if node.args else None
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "shape"
        and isinstance(node.value.value, ast.Name)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, int)
    ):
        shape = getattr(facts.get(node.value.value.id), "shape", ())
        i = node.slice.value
        return int(shape[i]) if -len(shape) <= i < len(shape) else None
    if isinstance(node, ast.BinOp):
        return int_op(node.op, _int(node.left, facts), _int(node.right, facts))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _int(node.operand, facts)
        return -v if v is not None else None
    return None


#: Calls whose first argument is the shape of the array they make.
SHAPED_MAKERS = frozenset(
    {"zeros", "ones", "empty", "full", "rand", "randn", "random", "standard_normal"}
)


def made_size(node: ast.expr, facts: dict[str, Any]) -> int | None:
    """Elements of the array a call makes, from a ``size=``/``shape=`` argument (or the first
    argument of ``np.zeros`` and its kind) whose ints were seen: ``rng.normal(0.0, 1.0,
    size=length)`` with ``length`` seen at 1,960. None when the values do not tell."""
    if not isinstance(node, ast.Call):
        return None
    shape = next((k.value for k in node.keywords if k.arg in ("size", "shape")), None)
    if shape is None and call_name(node) in SHAPED_MAKERS and node.args:
        shape = node.args[0]
    if shape is None:
        return None
    dims = shape.elts if isinstance(shape, ast.Tuple | ast.List) else [shape]
    n = 1
    for d in dims:
        v = _int(d, facts)
        if v is None:
            return None
        n *= v
    return n


def statement_at(
    sf: SourceFile, line: int, skip: tuple[type[ast.stmt], ...] = ()
) -> ast.stmt | None:
    """The statement that starts on the first line of ``line``'s statement (the outermost, where
    several do), not one of ``skip`` (compound statements, for the simple one inside)."""
    if sf.tree is None:
        return None
    first = sf.span(line)[0]
    return next(
        (
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.stmt) and not isinstance(n, skip) and n.lineno == first
        ),
        None,
    )


def enclosing_function(sf: SourceFile, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The innermost function holding the line (its ``def`` line not counted)."""
    best = None
    if sf.tree is None:
        return None
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.lineno < line <= (node.end_lineno or node.lineno)
            and (best is None or node.lineno > best.lineno)
        ):
            best = node
    return best


#: Calls that join a list of arrays into one (``torch.stack([torch.dot(u, r) for r in M])``).
STACKS = frozenset({"stack", "vstack", "hstack", "cat", "concatenate", "column_stack"})


def made_into_array(sf: SourceFile, line: int) -> bool:
    """Whether the comprehension on ``line`` is what an array constructor or a stack is given
    (``np.array([...])``, ``torch.tensor([...])``, ``np.fromiter(...)``, ``torch.stack([...])``)."""
    if sf.tree is None:
        return False
    return any(
        isinstance(node, ast.Call)
        and node.args
        and isinstance(node.args[0], ast.ListComp | ast.GeneratorExp)
        and node.args[0].lineno == line
        and call_name(node) in CONSTRUCTORS | STACKS
        for node in walk_tree(sf.tree)
    )


def returned_by(sf: SourceFile, name: str) -> ast.Return | None:
    """The closing ``return`` of a value of the file's one function or method named ``name``
    (``return 0.5 * (e / d).sum(dim=1)`` of ``atom_energies``), else None."""
    if sf.tree is None:
        return None
    fns = [f for f in walk_tree(sf.tree) if isinstance(f, ast.FunctionDef) and f.name == name]
    if len(fns) != 1 or not fns[0].body:
        return None
    last = fns[0].body[-1]
    return last if isinstance(last, ast.Return) and last.value is not None else None


def stored_in(sf: SourceFile, name: str, first: int, last: int) -> bool:
    """Whether ``name`` is assigned, or written into (``name[i] = ...``, ``name += ...``)
    between those lines."""
    if sf.tree is None:
        return True
    for node in walk_tree(sf.tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and (
            first <= node.lineno <= last
        ):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                base = t
                while isinstance(base, (ast.Subscript, ast.Attribute)):
                    base = base.value
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(base)):
                    return True
    return False


def feeds_back(sf: SourceFile, line: int, model: str) -> bool:
    """``state = model(state)``: the call's output is its next input."""
    if sf.tree is None:
        return False
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, ast.Assign)
            and node.lineno == line
            and isinstance(node.value, ast.Call)
        ):
            c = node.value
            if isinstance(c.func, ast.Name) and c.func.id == model and c.args:
                arg = c.args[0]
                targets = {t.id for t in node.targets if isinstance(t, ast.Name)}
                return isinstance(arg, ast.Name) and arg.id in targets
    return False


def made_at(sf: SourceFile, line: int, name: str) -> int | None:
    """The line above ``line`` in the same function that makes ``name`` a tensor from NumPy or
    Python data (``xb = torch.from_numpy(...)``), if there is one."""
    if sf.tree is None:
        return None
    func = sf.functions.get(line, "")
    best = None
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, ast.Assign)
            and node.lineno < line
            and sf.functions.get(node.lineno, "") == func
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
            and any(
                isinstance(c, ast.Call) and call_name(c) in BUILD_CALLS
                for c in ast.walk(node.value)
            )
        ):
            best = node.lineno if best is None else max(best, node.lineno)
    return best


def count_ops(sf: SourceFile, loop: Loop) -> int:
    """Array operations in a loop body: its calls, subscripts and arithmetic, roughly."""
    if sf.tree is None:
        return 1
    n = 0
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, (ast.Call, ast.BinOp))
            and loop.line <= getattr(node, "lineno", 0) <= loop.end
        ):
            n += 1
    return n
