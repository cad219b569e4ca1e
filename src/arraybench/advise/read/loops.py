"""What a loop walks and what its body does with it, as the rules need to know.

element vars   for i in range(...) (no step): i indexes;  for v in x (x an array): v is one;
               enumerate(x), zip(x, y), np.ndindex: both; nested loops join the nest
element access an array indexed by an index var (x[i], x[i, j], x[i:i+1]) or an element var
carried        names read in an iteration before the iteration assigns them: reductions
               (s += x[i]) when every update is one, else a recurrence (h = tanh(W @ h + x[t]),
               y[i] = a * y[i-1] + x[i]): each step needs the last

Which rewrite an element loop needs is the rules' to say (advise/rules/shape.py).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .counts import counts_groups, short_literal
from .facts import Facts
from .syntax import FEW_ITEMS, measures_size, names_in, qualname, target_names


@dataclass
class Nest:
    """The variables of a loop nest: indices (i, j) and elements (v in x)."""

    index: set[str] = field(default_factory=set)
    element: set[str] = field(default_factory=set)
    #: whether the loop goes over a number of elements (len(x), x.shape[0], a size); a loop
    #: whose count says nothing of the data (range(order), range(self.m)) is not flagged
    #: as an element loop
    sized: bool = True

    @property
    def all(self) -> set[str]:
        return self.index | self.element


def loop_vars(
    target: ast.AST, it: ast.AST, facts: Facts, outer: frozenset[str] = frozenset()
) -> Nest | None:
    """The element variables a ``for`` introduces, or None when it is not over elements.

    A range with a step (``range(0, n, batch)``) walks batches, not elements. ``outer``: the
    index variables of enclosing loops (``range(i)`` inside ``for i in range(n)`` is sized).
    """
    if isinstance(it, ast.Call):
        q = facts.qual(it.func)
        if q == "range":
            stop = it.args[1] if len(it.args) >= 2 else (it.args[0] if it.args else None)
            if (
                isinstance(stop, ast.Constant)
                and isinstance(stop.value, int)
                and stop.value <= FEW_ITEMS
            ):
                return None  # for axis in range(3): a few things, not the elements
            if stop is not None and counts_groups(stop):
                return None  # range(n_classes), range(x.ndim): groups or axes, not elements
            if len(it.args) == 3 and not (
                isinstance(it.args[2], ast.Constant) and it.args[2].value == 1
            ):
                return None
            sized = stop is None or measures_size(stop, facts.sizes | outer)
            if sized and not outer and stop is not None and _columns(stop):
                sized = False  # range(X.shape[1]) outermost: the features (columns) of X
            return Nest(index=set(target_names(target)), sized=sized)
        if q == "enumerate" and it.args and isinstance(target, ast.Tuple):
            if len(target.elts) == 2:
                inner = loop_vars(target.elts[1], it.args[0], facts)
                if inner is not None:  # enumerate(x), enumerate(zip(x, y))
                    return Nest(set(target_names(target.elts[0])) | inner.index, inner.element)
            return None
        if q == "zip" and isinstance(target, ast.Tuple):
            if any(short_literal(a) for a in it.args):
                return None  # zip(size, (d, h, w)): as few as the shortest
            out = Nest()
            for t, a in zip(target.elts, it.args, strict=False):
                sub = loop_vars(t, a, facts) if facts.is_array(a) else None
                if sub is not None:
                    out.index |= sub.index
                    out.element |= sub.element
            return out if out.all else None
        if q in ("numpy.ndindex", "itertools.product"):
            return Nest(index=set(target_names(target)))
        if q in ("numpy.nditer",):
            return Nest(element=set(target_names(target)))
        if q == "numpy.ndenumerate" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            return Nest(set(target_names(target.elts[0])), set(target_names(target.elts[1])))
        if q is not None and q.rsplit(".", 1)[-1] in ("unique", "set", "frozenset"):
            return None  # for c in np.unique(y): one iteration per distinct value, a group
    if counts_groups(it):
        return None  # for c in self.classes_: the classes, not the samples
    if isinstance(it, ast.Name):
        before = facts.last_value(it.id, it.lineno)
        if before is not None and is_sequence(before):
            return None  # xs = [...] just above: a list of arrays, whatever xs becomes later
        if before is None and it.id in facts.not_arrays:
            return None  # def f(xs: list[Tensor]): a list, whatever xs becomes later
        if it.id in facts.narrowed:
            return None  # under `if isinstance(xs, list):`
    if facts.is_array(it, strong=True):  # (a name only guessed to be an array may be a list)
        return Nest(element=set(target_names(target)))
    return None


def _columns(stop: ast.AST) -> bool:
    """``X.shape[1]``, ``X.shape[-1]``, ``X.size(1)``: a count along a later axis (columns,
    features, channels), where ``X.shape[0]`` counts samples."""
    if isinstance(stop, ast.Subscript) and isinstance(stop.value, ast.Attribute):
        k = stop.slice
        if stop.value.attr == "shape" and isinstance(k, ast.Constant | ast.UnaryOp):
            return not (isinstance(k, ast.Constant) and k.value == 0)
    if (
        isinstance(stop, ast.Call)
        and isinstance(stop.func, ast.Attribute)
        and stop.func.attr == "size"
        and stop.args
    ):
        k = stop.args[0]
        return not (isinstance(k, ast.Constant) and k.value == 0)
    return False


def is_sequence(value: ast.AST) -> bool:
    """A list, tuple or set (literal, comprehension, or list(...)/tuple(...)/zip(...))."""
    if isinstance(value, ast.List | ast.Tuple | ast.ListComp | ast.GeneratorExp | ast.SetComp):
        return True
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in ("list", "tuple", "zip", "map", "sorted", "reversed", "set")
    )


def scope_walk(nodes: Iterable[ast.AST]) -> Iterator[ast.AST]:
    """Nodes below ``nodes`` (included), not entering nested functions, lambdas and classes."""
    stack = list(nodes)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        stack.extend(ast.iter_child_nodes(node))


class LoopBody:
    """What one loop nest (a ``for`` statement or a comprehension) does with its elements."""

    def __init__(self, facts: Facts, nest: Nest, body: list[ast.AST]) -> None:
        self.facts = facts
        self.nest = nest
        self.body = body
        self.proven = False
        self._parent_map: dict[int, ast.AST] | None = None

    # -- element access ----------------------------------------------------------------------

    def is_element(self, node: ast.AST) -> bool:
        """``x[i]``, ``x[i, j]``, ``x[i][j]``, ``x[i:i+1]`` of an array, or an element var."""
        if isinstance(node, ast.Name):
            return node.id in self.nest.element
        if isinstance(node, ast.Subscript):
            base = node.value
            known = self.facts.is_array(base) or self.is_element(base)
            # In a loop proven to walk arrays, a parallel x[i] of an unknown x is one more.
            loose = self.proven and isinstance(base, ast.Name) and base.id in self.facts.params
            if not (known or loose):
                return False
            return self.index_depth(node.slice) > 0 or self.is_element(base)
        if isinstance(node, ast.Attribute) and node.attr in ("T", "real", "imag"):
            return self.is_element(node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            # x[i].unsqueeze(0), row.reshape(1, -1): still the one sample
            return node.func.attr in ("unsqueeze", "reshape", "view", "float", "to") and (
                self.is_element(node.func.value)
            )
        return False

    def index_depth(self, index: ast.AST) -> int:
        """How many loop variables index (``x[i, j]``: 2); slices count only as ``i:i+1``."""
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        depth = 0
        for p in parts:
            if isinstance(p, ast.Slice):
                if (
                    isinstance(p.lower, ast.Name)
                    and p.lower.id in self.nest.index
                    and p.upper is not None
                    and p.step is None
                    and isinstance(p.upper, ast.BinOp)
                    and isinstance(p.upper.right, ast.Constant)
                    and p.upper.right.value == 1
                ):
                    depth += 1
                continue
            if isinstance(p, ast.Compare | ast.BoolOp):
                continue  # x[labels == k]: a mask selects many elements, not one
            if names_in(p) & self.nest.index:
                depth += 1
        return depth

    def elements_in(self, node: ast.AST) -> bool:
        return any(self.is_element(n) for n in ast.walk(node))

    def element_depth(self, node: ast.AST) -> int:
        """The deepest element access in an expression (x[i, j] -> 2, x[i] -> 1, v -> 1)."""
        best = 0
        for n in ast.walk(node):
            if isinstance(n, ast.Subscript) and self.is_element(n):
                d = self.index_depth(n.slice)
                if isinstance(n.value, ast.Subscript):
                    d += self.index_depth(n.value.slice)
                best = max(best, d)
            elif isinstance(n, ast.Name) and n.id in self.nest.element:
                best = max(best, 1)
        return best

    def nodes(self) -> Iterator[ast.AST]:
        return scope_walk(self.body)

    def is_element_loop(self) -> bool:
        self.proven = any(self.is_element(n) for n in self.nodes())
        return self.proven

    def carried(self) -> set[str] | None:
        """Names carried across iterations, all updated as reductions; None if any is not."""
        stmts = [n for n in self.nodes() if isinstance(n, ast.stmt)]
        assigned: dict[str, list[ast.stmt]] = {}
        for s in stmts:
            targets: list[ast.AST] = []
            if isinstance(s, ast.Assign):
                targets = list(s.targets)
            elif isinstance(s, ast.AugAssign | ast.AnnAssign):
                targets = [s.target]
            if at_update(s) is not None:
                continue  # y = y.at[i].set(v): JAX's y[i] = v, a write into y, not a new y
            for t in targets:
                if isinstance(t, ast.Name | ast.Tuple | ast.List):
                    for name in target_names(t):
                        if name not in self.nest.all:
                            assigned.setdefault(name, []).append(s)
        if not assigned:
            return set()
        carried = self.read_before_write(set(assigned))
        guards = self._guards()
        out: set[str] = set()
        for name in carried:
            if not all(self._is_reduction(name, s, guards) for s in assigned[name]):
                return None
            if self._feeds_back(name, assigned):
                return None  # beta = y[i] @ r; r = r + s[i] * beta: r depends on itself
            out.add(name)
        return out

    def _feeds_back(self, name: str, assigned: dict[str, list[ast.stmt]]) -> bool:
        """Whether a reduction's increment reads a name computed from the accumulator in the
        same iteration (then each step needs the last one: a recurrence, not a sum)."""
        tainted: set[str] = set()
        for _ in range(3):
            for other, stmts in assigned.items():
                if other == name or other in tainted:
                    continue
                for st in stmts:
                    value = getattr(st, "value", None)
                    if value is not None and names_in(value) & (tainted | {name}):
                        tainted.add(other)
        if not tainted:
            return False
        for st in assigned[name]:
            value = getattr(st, "value", None)
            if value is not None and names_in(value) & tainted:
                return True
        return False

    def derived(self) -> set[str]:
        """Names bound to an element inside the nest (v = x[i]): elements too."""
        out: set[str] = set()
        for _ in range(2):
            for n in self.nodes():
                if (
                    isinstance(n, ast.Assign)
                    and len(n.targets) == 1
                    and isinstance(n.targets[0], ast.Tuple)
                    and isinstance(n.value, ast.Tuple)
                    and len(n.targets[0].elts) == len(n.value.elts)
                ):
                    # r, g, b = img[i, j, 0], img[i, j, 1], img[i, j, 2]: one by one
                    for t, v in zip(n.targets[0].elts, n.value.elts, strict=True):
                        if (
                            isinstance(t, ast.Name)
                            and t.id not in names_in(v)
                            and (self.elements_in(v) or names_in(v) & out)
                        ):
                            out.add(t.id)
                elif isinstance(n, ast.Assign) and len(n.targets) == 1:
                    t = n.targets[0]
                    if (
                        isinstance(t, ast.Name)
                        and t.id not in names_in(n.value)
                        and (self.elements_in(n.value) or names_in(n.value) & out)
                    ):
                        out.add(t.id)
            self.nest.element |= out
        return out

    def read_before_write(
        self, names: set[str], body: list[ast.AST] | list[ast.stmt] | None = None
    ) -> set[str]:
        """Names of ``names`` read in an iteration before (or while) being assigned in it
        (of ``body``, the nest's by default)."""
        written: set[str] = set()
        carried: set[str] = set()

        def visit(stmts: Iterable[ast.AST]) -> None:
            for s in stmts:
                if isinstance(s, ast.For | ast.AsyncFor | ast.While):
                    reads(s.iter if isinstance(s, ast.For | ast.AsyncFor) else s.test)
                    # A nested loop runs its body more than once: an assignment in it reaches
                    # its own reads on the next inner iteration when they come before it
                    # (r = img[i, j, 0] then out[i, j] = r * w is written, then read).
                    inner = assigned_names(s.body) & names
                    visit(s.body)
                    if inner:
                        carried.update(self.read_before_write(inner, s.body))
                    visit(s.orelse)
                elif isinstance(s, ast.If):
                    reads(s.test)
                    before = set(written)
                    visit(s.body)
                    after_body = set(written)
                    written.clear()
                    written.update(before)
                    visit(s.orelse)
                    written.update(after_body)
                elif isinstance(s, ast.With | ast.AsyncWith | ast.Try):
                    visit(getattr(s, "body", []))
                elif isinstance(s, ast.AugAssign):
                    reads(s.value)
                    reads(s.target)
                    for n in target_names(s.target):
                        if n in names:
                            carried.add(n)
                            written.add(n)
                elif isinstance(s, ast.Assign | ast.AnnAssign):
                    if s.value is not None:
                        reads(s.value)
                    tgts = s.targets if isinstance(s, ast.Assign) else [s.target]
                    for t in tgts:
                        if not isinstance(t, ast.Name | ast.Tuple | ast.List):
                            reads(t)  # y[i] = ...: reads y and i
                        written.update(target_names(t))
                elif isinstance(s, ast.stmt):
                    reads(s)

        def reads(node: ast.AST) -> None:
            for n in scope_walk([node]):
                if (
                    isinstance(n, ast.Name)
                    and isinstance(n.ctx, ast.Load)
                    and n.id in names
                    and n.id not in written
                ):
                    carried.add(n.id)

        visit(self.body if body is None else body)
        return carried

    def _guards(self) -> dict[int, ast.If]:
        """The ``if`` around each statement (by id), for max/argmax patterns."""
        out: dict[int, ast.If] = {}
        for n in self.nodes():
            if isinstance(n, ast.If):
                for s in scope_walk(n.body):
                    out.setdefault(id(s), n)
        return out

    def _is_reduction(self, name: str, s: ast.stmt, guards: dict[int, ast.If]) -> bool:
        if isinstance(s, ast.AugAssign):
            return isinstance(
                s.op, ast.Add | ast.Sub | ast.Mult | ast.BitOr | ast.BitAnd
            ) and name not in names_in(s.value)
        value = s.value if isinstance(s, ast.Assign | ast.AnnAssign) else None
        if value is None:
            return False
        used = names_in(value)
        if name not in used:
            guard = guards.get(id(s))
            # best = x[i] under `if x[i] > best:`: a max (an argmax when i is kept too)
            return guard is not None and name in names_in(guard.test)
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add | ast.Sub | ast.Mult):
            for mine, other in ((value.left, value.right), (value.right, value.left)):
                if isinstance(mine, ast.Name) and mine.id == name:
                    return name not in names_in(other)
            return False
        if isinstance(value, ast.Call):
            q = self.facts.qual(value.func) or ""
            if q.rsplit(".", 1)[-1] in ("max", "min", "maximum", "minimum", "fmax", "fmin"):
                direct = [a for a in value.args if isinstance(a, ast.Name) and a.id == name]
                others = [a for a in value.args if not (isinstance(a, ast.Name) and a.id == name)]
                return bool(direct) and all(name not in names_in(a) for a in others)
        return False

    def array_recurrence(self) -> bool:
        """An array written at one index and read at another index in the nest."""
        writes: dict[str, set[str]] = {}
        elsewhere: set[str] = set()  # arrays also written where the loop index does not say
        for n in self.nodes():
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
                base = qualname(n.value, {})
                if base is not None:
                    writes.setdefault(base, set()).add(ast.dump(n.slice))
                    if not names_in(n.slice) & self.nest.all:
                        elsewhere.add(base)  # unique[neighbours] = 0: read later as unique[i]
            elif (upd := at_update(n)) is not None:
                writes.setdefault(upd[0], set()).add(ast.dump(upd[1]))
        if not writes:
            return False
        for n in self.nodes():
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load):
                base = qualname(n.value, {})
                if (
                    base in writes
                    and (ast.dump(n.slice) not in writes[base] or base in elsewhere)
                    and names_in(n.slice) & self.nest.index
                ):
                    return True
        return False

    def _accesses(self) -> list[ast.AST]:
        return [
            n
            for n in self.nodes()
            if (isinstance(n, ast.Subscript) and self.is_element(n))
            or (isinstance(n, ast.Name) and n.id in self.nest.element)
        ]

    def _parents(self) -> dict[int, ast.AST]:
        if self._parent_map is None:
            self._parent_map = {id(c): p for p in self.nodes() for c in ast.iter_child_nodes(p)}
        return self._parent_map


#: JAX's functional updates: ``y.at[i].set(v)`` is ``y[i] = v``.
AT_METHODS = frozenset({"set", "add", "multiply", "mul", "divide", "power", "min", "max", "apply"})


def at_update(node: ast.AST) -> tuple[str, ast.AST] | None:
    """(y, i) for ``y = y.at[i].set(v)`` (and .add, .multiply...), else None."""
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
        return None
    t, v = node.targets[0], node.value
    if not (
        isinstance(t, ast.Name)
        and isinstance(v, ast.Call)
        and isinstance(v.func, ast.Attribute)
        and v.func.attr in AT_METHODS
        and isinstance(v.func.value, ast.Subscript)
    ):
        return None
    at = v.func.value.value
    if (
        isinstance(at, ast.Attribute)
        and at.attr == "at"
        and isinstance(at.value, ast.Name)
        and at.value.id == t.id
    ):
        return t.id, v.func.value.slice
    return None


def assigned_names(body: list[ast.stmt]) -> set[str]:
    out: set[str] = set()
    for n in scope_walk(body):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            out.add(n.id)
    return out


def nest_of(
    loop: ast.For | ast.AsyncFor, facts: Facts, outer: frozenset[str] = frozenset()
) -> Nest | None:
    """The element variables of a loop and of the element loops nested in it."""
    nest = loop_vars(loop.target, loop.iter, facts, outer)
    if nest is None:
        return None
    for n in scope_walk(loop.body):
        if isinstance(n, ast.For | ast.AsyncFor):
            inner = loop_vars(n.target, n.iter, facts, outer | nest.index)
            if inner is None and isinstance(n.iter, ast.Name) and n.iter.id in nest.element:
                inner = Nest(element=set(target_names(n.target)))  # for v in row
            if inner is not None:
                nest.index |= inner.index
                nest.element |= inner.element
    return nest
