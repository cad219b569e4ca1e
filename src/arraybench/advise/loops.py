"""The shape of a loop over array elements: which rewrite it needs, or none.

element vars   for i in range(...) (no step): i indexes;  for v in x (x an array): v is one;
               enumerate(x), zip(x, y), np.ndindex: both; nested loops join the nest
element loop   an array is indexed by an index var (x[i], x[i, j], x[i:i+1]) or an element
               var is used; otherwise the loop counts epochs, steps, files or layers: no rule
recurrence     a name carried from one iteration to the next by anything but a reduction
               (h = tanh(W @ h + x[t])), or an array written at one index and read at another
               (y[i] = a * y[i-1] + x[i]): each step needs the last, so no rule
then, first that matches:
    reduction  carried names updated only by s += e, s = s * e, s = max(s, e), or under
               `if e > s:` (max/argmax)                                            AB104
    matvec     A[i] @ x, np.dot(A[i], x), (A[i] * x).sum() with x invariant, or
               y[i] += A[i, j] * x[j] in a nest                                    AB105
    batched    a[i] @ b[i], torch.mm(a[i], b[i]), model(x[i]), np.linalg.norm(X[i]),
               X[i].sum()                                                          AB106
    where      if/else (or a conditional expression) on an element                 AB102
    apply      a scalar function called on an element: math.exp(x[i]), f(x[i])    AB103
    otherwise  element-wise arithmetic                                             AB101
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .dataflow import Facts, measures_size, names_in, qualname, target_names

#: Library functions that act element by element: called on one element, they are an apply loop.
ELEMENTWISE = frozenset(
    {
        "exp",
        "expm1",
        "log",
        "log1p",
        "log2",
        "log10",
        "sin",
        "cos",
        "tan",
        "arcsin",
        "arccos",
        "arctan",
        "asin",
        "acos",
        "atan",
        "sinh",
        "cosh",
        "tanh",
        "sqrt",
        "cbrt",
        "abs",
        "absolute",
        "fabs",
        "sign",
        "floor",
        "ceil",
        "round",
        "rint",
        "trunc",
        "sigmoid",
        "relu",
        "gelu",
        "erf",
        "erfc",
        "clip",
        "clamp",
        "maximum",
        "minimum",
        "power",
        "pow",
        "square",
        "reciprocal",
        "expit",
        "logit",
        "hypot",
        "isnan",
        "isfinite",
    }
)
#: Products: one operand a row and the other a whole vector is a matrix-vector product; two
#: operands indexed by the same sample are a batched product.
PRODUCTS = frozenset(
    {"dot", "matmul", "mv", "mm", "inner", "vdot", "bmm", "tensordot", "outer", "einsum"}
)
#: Methods that reduce a row (x[i].sum()): per row, they are one call with axis=.
ROW_REDUCTIONS = frozenset(
    {"sum", "mean", "max", "min", "std", "var", "prod", "norm", "argmax", "argmin", "any", "all"}
)
#: Builtins that act on one number.
SCALAR_FUNCS = frozenset({"abs", "round", "pow", "divmod"})
#: Reductions written as builtins around a comprehension: sum(x[i] for i in ...).
REDUCING_BUILTINS = frozenset({"sum", "max", "min", "any", "all"})
#: Words in the name of a callable that says it is a model applied per sample, where nothing else
#: tells (a function parameter ``model``). The last resort; data flow decides first.
MODEL_WORDS = ("model", "net", "layer", "encoder", "decoder", "module", "policy", "classifier")


#: A loop of at most this many iterations, written as a literal (range(3)), goes over a few
#: things (axes, layers, channels): it costs a few calls, whatever their size.
FEW = 16


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


def short_literal(node: ast.AST) -> bool:
    """A literal tuple, list or set of a few items (``(depth, height, width)``): a zip with
    it runs a few times, whatever its other arguments hold."""
    return (
        isinstance(node, ast.Tuple | ast.List | ast.Set)
        and len(node.elts) <= FEW
        and not any(isinstance(e, ast.Starred) for e in node.elts)
    )


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
            if isinstance(stop, ast.Constant) and isinstance(stop.value, int) and stop.value <= FEW:
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


#: An element loop does one small thing per element; a body longer than this is a step of
#: an algorithm (with its own branches and calls), not an operation to vectorize.
LONG_BODY = 8


def is_sequence(value: ast.AST) -> bool:
    """A list, tuple or set (literal, comprehension, or list(...)/tuple(...)/zip(...))."""
    if isinstance(value, ast.List | ast.Tuple | ast.ListComp | ast.GeneratorExp | ast.SetComp):
        return True
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in ("list", "tuple", "zip", "map", "sorted", "reversed", "set")
    )


#: Words that name what a loop counts when it goes over groups or axes rather than the
#: elements of data: one iteration does whole-array work on a class, a cluster, a fold, an
#: axis (``n_classes``, ``self.classes_``, ``x.ndim``, ``len(axes)``).
GROUP_WORDS = frozenset(
    {
        "class",
        "classes",
        "cluster",
        "clusters",
        "component",
        "components",
        "estimator",
        "estimators",
        "fold",
        "folds",
        "split",
        "splits",
        "task",
        "tasks",
        "group",
        "groups",
        "ndim",
        "ndims",
        "dims",
        "axis",
        "axes",
        "rank",
        "channel",
        "channels",
        "layer",
        "layers",
        "job",
        "jobs",
        "chunk",
        "chunks",
        "block",
        "blocks",
        "tree",
        "trees",
        "level",
        "levels",
        "dimension",
        "dimensions",
        "degree",
    }
)
#: Words that name groups only as a count (``n_labels``, ``num_outputs``); ``labels`` alone is
#: often the per-sample array.
COUNT_WORDS = frozenset(
    {
        "label",
        "labels",
        "target",
        "targets",
        "output",
        "outputs",
        "feature",
        "features",
        "bin",
        "bins",
        "order",
        "states",
        "params",
        "parameters",
    }
)


def counts_groups(node: ast.AST) -> bool:
    """Whether an expression names groups or axes (``n_classes``, ``len(self.classes_)``,
    ``X.ndim``, ``len(shape)``, ``n_features``) rather than a number of elements."""
    for n in ast.walk(node):
        word = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else ""
        if not word:
            continue
        if word == "shape" and isinstance(n, ast.Name):
            return True  # len(shape): the axes of a shape tuple
        tokens = [t for t in re.split(r"[_\d]+", word.lower()) if t]
        if any(t in GROUP_WORDS for t in tokens):
            return True
        if (
            len(tokens) >= 2
            and tokens[0] in ("n", "num", "number", "nb")
            and tokens[-1] in (COUNT_WORDS)
        ):
            return True
    return False


def scope_walk(nodes: Iterable[ast.AST]) -> Iterator[ast.AST]:
    """Nodes below ``nodes`` (included), not entering nested functions, lambdas and classes."""
    stack = list(nodes)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        stack.extend(ast.iter_child_nodes(node))


class Shape:
    """Classifies one loop nest (a ``for`` statement or a comprehension)."""

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

    # -- the classification ------------------------------------------------------------------

    def nodes(self) -> Iterator[ast.AST]:
        return scope_walk(self.body)

    def is_element_loop(self) -> bool:
        self.proven = any(self.is_element(n) for n in self.nodes())
        return self.proven

    def classify(self, wrapper: str | None = None) -> str | None:
        """The rule code this nest breaks, or None (not an element loop, or a recurrence)."""
        if not self.is_element_loop() or self.bookkeeping_only():
            return None
        if sum(isinstance(n, ast.stmt) for n in self.nodes()) > LONG_BODY:
            return None
        if not self.scalar_access() or not self.nest.sized:
            # Every access takes a whole column (x[:, j]): one vectorized step per column; or
            # the loop counts something else than elements (range(order)). Only a product of
            # two operands taken by the loop (a batched matmul over heads) or a one-line
            # reduction per column has a batched form worth the rewrite.
            return "AB106" if self.column_products() else None
        if wrapper in REDUCING_BUILTINS:
            return "AB104"
        carried = self.carried()
        if carried is None or self.array_recurrence():
            return None
        if carried:
            return "AB104"
        self.nest.element |= self.derived()
        for check, code in (
            (self.matvec, "AB105"),
            (self.batched, "AB106"),
            (self.where, "AB102"),
            (self.apply, "AB103"),
        ):
            if check():
                return code
        # AB101 is element-wise arithmetic (or a copy): elements only handed to methods,
        # callbacks and constructors (self._fun(t, y[i]), Quadratic(c[:, i])) are not.
        return "AB101" if self.arithmetic() else None

    def arithmetic(self) -> bool:
        """Arithmetic, a comparison or a copy with an element as an operand."""
        for n in self.nodes():
            if isinstance(n, ast.BinOp) and (
                self.elements_direct(n.left) or self.elements_direct(n.right)
            ):
                return True
            if isinstance(n, ast.UnaryOp) and self.elements_direct(n.operand):
                return True
            if isinstance(n, ast.Compare) and any(
                self.elements_direct(x) for x in (n.left, *n.comparators)
            ):
                return True
            if isinstance(n, ast.AugAssign) and self.elements_direct(n.value):
                return True
            if (
                isinstance(n, ast.Assign)
                and self.elements_direct(n.value)
                and any(isinstance(t, ast.Subscript) for t in n.targets)
            ):
                return True  # out[i] = x[i]
        return False

    def elements_direct(self, node: ast.AST) -> bool:
        """An element in an expression, not only inside the arguments of a call."""
        if self.is_element(node):
            return True
        if isinstance(node, ast.BinOp):
            return self.elements_direct(node.left) or self.elements_direct(node.right)
        if isinstance(node, ast.UnaryOp):
            return self.elements_direct(node.operand)
        if isinstance(node, ast.Call):
            q = self.facts.qual(node.func) or ""
            # library and builtin functions of an element compute with it: np.exp(x[i])
            if (
                self.facts.is_namespace(q)
                or q.startswith(("math.", "cmath."))
                or q in (SCALAR_FUNCS | {"float", "int", "complex", "min", "max"})
            ):
                return any(self.elements_direct(a) for a in node.args)
            if isinstance(node.func, ast.Attribute) and self.is_element(node.func.value):
                return True  # x[i].conj(), v.sum()
        return False

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
        carried = self._read_before_write(set(assigned))
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

    def _read_before_write(
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
                    inner = _assigned_names(s.body) & names
                    visit(s.body)
                    if inner:
                        carried.update(self._read_before_write(inner, s.body))
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

    def _invariant_array(self, node: ast.AST) -> bool:
        """An array the nest does not index (the x of A[i] @ x)."""
        return (
            self.facts.is_array(node)
            and not self.elements_in(node)
            and not (names_in(node) & self.nest.all)
        )

    def _operands(self, node: ast.AST) -> tuple[ast.AST, ast.AST] | None:
        """The two operands of a product (a @ b, np.dot(a, b), a.dot(b)), if ``node`` is one."""
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            return node.left, node.right
        if isinstance(node, ast.Call):
            q = self.facts.qual(node.func) or ""
            last = q.rsplit(".", 1)[-1] if q else ""
            if (
                isinstance(node.func, ast.Attribute)
                and node.func.attr in PRODUCTS
                and (len(node.args) == 1 and not self.facts.is_namespace(q))
            ):
                return node.func.value, node.args[0]
            if last in PRODUCTS and last != "einsum" and len(node.args) >= 2:
                return node.args[0], node.args[1]
        return None

    def matvec(self) -> bool:
        for n in self.nodes():
            if self._row_dot(n):
                return True
            ops = self._operands(n)
            if ops is not None:
                a, b = ops
                if (self.is_element(a) and self._invariant_array(b)) or (
                    self.is_element(b) and self._invariant_array(a)
                ):
                    return True
            if self._row_times_vector_sum(n):
                return True
            if isinstance(n, ast.AugAssign) and isinstance(n.value, ast.BinOp):
                v = n.value
                if (
                    isinstance(v.op, ast.Mult)
                    and self.is_element(v.left)
                    and (self.is_element(v.right))
                ):
                    depths = (self.element_depth(v.left), self.element_depth(v.right))
                    if max(depths) >= 2:  # y[i] += A[i, j] * x[j]; C[i, j] += A[i, k] * B[k, j]
                        return True
        return False

    def _row_dot(self, n: ast.AST) -> bool:
        """``out[i] = np.dot(x[i], y[i])`` into a 1-D ``out``: a dot product of two rows per
        iteration, a number each (``np.einsum('ij,ij->i', x, y)``), not a product of matrices."""
        if not (isinstance(n, ast.Assign) and len(n.targets) == 1):
            return False
        t = n.targets[0]
        if not (
            isinstance(t, ast.Subscript)
            and isinstance(t.value, ast.Name)
            and isinstance(t.slice, ast.Name)
            and t.slice.id in self.nest.index
        ):
            return False
        ops = self._operands(n.value)
        if ops is None or not (self.is_element(ops[0]) and self.is_element(ops[1])):
            return False
        made = self.facts.last_value(t.value.id, n.lineno)
        if not (isinstance(made, ast.Call) and made.args):
            return False
        q = self.facts.qual(made.func) or ""
        if q.rsplit(".", 1)[-1] not in ("zeros", "empty", "ones", "full"):
            return False
        shape = made.args[0]
        if len(made.args) > 1 and not q.startswith("numpy."):
            return False  # torch.empty(b, n, m): one size per axis
        return not isinstance(shape, ast.Tuple | ast.List) or len(shape.elts) == 1

    def _row_times_vector_sum(self, n: ast.AST) -> bool:
        """(A[i] * x).sum() or np.sum(A[i] * x)."""
        prod: ast.AST | None = None
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "sum":
            q = self.facts.qual(n.func)
            if self.facts.is_namespace(q) and n.args:
                prod = n.args[0]
            elif not self.facts.is_namespace(q):
                prod = n.func.value
        if isinstance(prod, ast.BinOp) and isinstance(prod.op, ast.Mult):
            a, b = prod.left, prod.right
            return (self.is_element(a) and self._invariant_array(b)) or (
                self.is_element(b) and self._invariant_array(a)
            )
        return False

    def batched(self) -> bool:
        for n in self.nodes():
            ops = self._operands(n)
            if ops is not None and self.is_element(ops[0]) and self.is_element(ops[1]):
                return True
            if not isinstance(n, ast.Call):
                continue
            elem_args = [a for a in n.args if self.is_element(a)]
            if isinstance(n.func, ast.Attribute) and n.func.attr in ROW_REDUCTIONS:
                # X[i].sum(), ((P[i] - P[j]) ** 2).sum(): a reduction per row, one call with axis=
                q = self.facts.qual(n.func)
                row = n.func.value
                if (
                    not self.facts.is_namespace(q)
                    and not isinstance(row, ast.Name)
                    and self.element_depth(row) == 1
                    and self.elements_in(row)
                ):
                    return True
            q0 = self.facts.qual(n.func)
            if (
                not elem_args
                and q0 is not None
                and self.facts.is_namespace(q0)
                and (q0.rsplit(".", 1)[-1] in ROW_REDUCTIONS or ".linalg." in q0)
                and any(self.element_depth(a) == 1 and self.elements_in(a) for a in n.args)
            ):
                return True  # np.sum(X[i] ** 2), np.linalg.norm(X[i] - c): one row each
            if not elem_args:
                continue
            if self._is_model(n.func):
                return True
            q = self.facts.qual(n.func)
            if self.facts.is_namespace(q) and q is not None:
                last = q.rsplit(".", 1)[-1]
                if last not in ELEMENTWISE and (
                    last in ROW_REDUCTIONS or last in PRODUCTS or ".linalg." in q or ".fft." in q
                ):
                    return True
                if "softmax" in last or last.startswith("conv") or last == "linear":
                    return True
        return False

    def _is_model(self, func: ast.AST) -> bool:
        q = self.facts.qual(func)
        if q is None:
            return False
        if q in self.facts.models:
            return True
        if isinstance(func, ast.Attribute) and func.attr in ("forward", "predict", "__call__"):
            return True
        if self.facts.is_namespace(q) or q.startswith(("math.", "cmath.")):
            return False
        if q in self.facts.functions or q in SCALAR_FUNCS:
            return False
        leaf = q.rsplit(".", 1)[-1].lower()
        return any(w in leaf for w in MODEL_WORDS)

    # -- what the elements are used for ----------------------------------------------------

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

    def scalar_access(self) -> bool:
        """Some element is one value (x[i], x[i, j], v), not a whole column (x[:, j])."""
        return any(not _takes_column(n) for n in self._accesses())

    def column_products(self) -> bool:
        for n in self.nodes():
            ops = self._operands(n)
            if ops is not None and self.elements_in(ops[0]) and self.elements_in(ops[1]):
                return True  # q[:, h] @ k[:, h].T: a batched matmul, one head at a time
        stmts = [b for b in self.body if isinstance(b, ast.stmt)]
        return len(stmts) == 1 and self.batched()  # out[j] = X[:, j].mean(): axis=0

    def bookkeeping_only(self) -> bool:
        """Every use of an element is bookkeeping on the Python side (a message, a warning, a
        file line, a dict entry, an error): not numeric work to vectorize."""
        parents = self._parents()
        accesses = self._accesses()
        if not accesses:
            return False
        for a in accesses:
            cur: ast.AST = a
            kept = False
            while (p := parents.get(id(cur))) is not None:
                if isinstance(p, ast.JoinedStr | ast.Raise | ast.Assert) or (
                    isinstance(p, ast.Call) and _bookkeeping_call(p)
                ):
                    kept = True
                    break
                if (
                    isinstance(p, ast.BinOp)
                    and isinstance(p.op, ast.Mod)
                    and not self.facts.is_array(p.left)
                    and not self.elements_in(p.left)
                ):
                    kept = True  # "%d %d" % (r, c), template % x[i]
                    break
                if isinstance(p, ast.Assign) and any(
                    isinstance(t, ast.Subscript) and not self.facts.is_array(t.value)
                    for t in p.targets
                ):
                    kept = True  # d[key] = value: a dict entry
                    break
                if isinstance(p, ast.stmt):
                    break
                cur = p
            if not kept:
                return False
        return True

    def group_loop(self) -> bool:
        """A loop over groups, not elements: its variable selects a whole part of an array
        (``X[labels == k]``, ``mask = y == c``), so each iteration is one vectorized step over
        that part (k-means' update over clusters, per-class metrics)."""
        for n in self.nodes():
            if (
                isinstance(n, ast.Compare)
                and len(n.ops) == 1
                and isinstance(n.ops[0], ast.Eq | ast.NotEq)
            ):
                pair = (n.left, n.comparators[0])
                for a, b in (pair, pair[::-1]):
                    if (
                        isinstance(a, ast.Name)
                        and a.id in self.nest.all
                        and self.facts.is_array(b)
                        and not self.elements_in(b)
                        and not (names_in(b) & self.nest.all)
                    ):
                        return True
        return False

    def _tests_elements(self, test: ast.AST) -> bool:
        """Elements compared in a test, not only measured or typed (len(v), isinstance(v, T))."""
        return self.elements_direct(test) or any(
            isinstance(n, ast.Compare | ast.BoolOp | ast.UnaryOp)
            and any(self.elements_direct(c) for c in ast.iter_child_nodes(n))
            for n in ast.walk(test)
        )

    def where(self) -> bool:
        for n in self.nodes():
            if isinstance(n, ast.IfExp) and self._tests_elements(n.test):
                return True
            if isinstance(n, ast.If) and self._tests_elements(n.test):
                writes = any(
                    (isinstance(s, ast.Subscript) and isinstance(s.ctx, ast.Store))
                    or (
                        isinstance(s, ast.Call)
                        and isinstance(s.func, ast.Attribute)
                        and s.func.attr == "append"
                    )
                    or at_update(s) is not None
                    for s in scope_walk([*n.body, *n.orelse])
                )
                if writes:
                    return True
        return False

    def apply(self) -> bool:
        for n in self.nodes():
            if not isinstance(n, ast.Call) or not any(self.elements_in(a) for a in n.args):
                continue
            q = self.facts.qual(n.func)
            if q is None:
                continue
            if q.startswith(("math.", "cmath.")) or q in SCALAR_FUNCS:
                return True
            if self.facts.is_namespace(q) and q.rsplit(".", 1)[-1] in ELEMENTWISE:
                return True
            if isinstance(n.func, ast.Name) and q in self.facts.params:
                # fn(x[i]) with fn a parameter: only when fed elements and constants (a
                # callback given thresholds and options does more than map a number)
                if (
                    all(self.elements_in(a) or isinstance(a, ast.Constant) for a in n.args)
                    and not n.keywords
                ):
                    return True
            elif (
                isinstance(n.func, ast.Name)
                and q in self.facts.functions
                and self._scalar_function(q)
            ):
                return True
        return False

    def _scalar_function(self, name: str) -> bool:
        """A function of this file that maps numbers to numbers (arithmetic, math.*, NumPy's
        element-wise functions, no loops, no indexing or methods of its arguments): applied per
        element, it is a loop to vectorize. One that slices, reduces or calls other helpers
        works on whole rows or objects (per class, per document, per image)."""
        prog = self.facts.program
        fn = prog.functions.get(name) if prog is not None else None
        if fn is None:
            return True  # a nested helper: judged by its call alone
        params = {a.arg for a in [*fn.node.args.posonlyargs, *fn.node.args.args]}
        for n in ast.walk(fn.node):
            if isinstance(n, ast.For | ast.While | ast.ListComp | ast.GeneratorExp):
                return False
            if isinstance(n, ast.Subscript) and names_in(n.value) & params:
                return False
            if isinstance(n, ast.Call):
                q = self.facts.qual(n.func) or ""
                if isinstance(n.func, ast.Attribute) and names_in(n.func.value) & params:
                    return False  # x.sum(), text.split()
                if q.startswith(("math.", "cmath.")) or q in SCALAR_FUNCS | {
                    "float",
                    "int",
                    "min",
                    "max",
                    "abs",
                    "round",
                }:
                    continue
                if self.facts.is_namespace(q) and q.rsplit(".", 1)[-1] in ELEMENTWISE:
                    continue
                return False
        return True


#: Calls whose arguments are Python-side bookkeeping: messages, logs, files, type checks.
BOOKKEEPING = frozenset(
    {
        "print",
        "warn",
        "write",
        "writelines",
        "format",
        "str",
        "repr",
        "isinstance",
        "hasattr",
        "getattr",
        "setattr",
        "type",
        "id",
        "hash",
        "debug",
        "info",
        "warning",
        "error",
        "exception",
        "log",
        "append_text",
        "tuple",
        "list",
    }
)


def _bookkeeping_call(call: ast.Call) -> bool:
    f = call.func
    name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
    return name in BOOKKEEPING


def _takes_column(node: ast.AST) -> bool:
    """``x[:, j]``, ``x[..., k]``: the index keeps a whole axis."""
    if not isinstance(node, ast.Subscript):
        return False
    parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    return len(parts) > 1 and any(
        (isinstance(p, ast.Slice) and p.lower is None and p.upper is None)
        or (isinstance(p, ast.Constant) and p.value is Ellipsis)
        for p in parts
    )


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


def heads_loop(target: ast.AST, it: ast.AST, body: list[ast.AST]) -> bool:
    """``for head in self.heads: outs.append(head(x))``: parallel modules (attention heads)
    each applied to the same input, one call each, where one batched call would do."""
    q = qualname(it, {})
    if q is None or "head" not in q.rsplit(".", 1)[-1].lower() or not isinstance(target, ast.Name):
        return False
    assigned = _assigned_names([b for b in body if isinstance(b, ast.stmt)])
    for n in scope_walk(body):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id == target.id
            and n.args
            and not any(names_in(a) & (assigned | {target.id}) for a in n.args)
        ):
            return True
    return False


def _assigned_names(body: list[ast.stmt]) -> set[str]:
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


def classify_loop(
    loop: ast.For | ast.AsyncFor, facts: Facts, outer: frozenset[str] = frozenset()
) -> tuple[str | None, bool]:
    """(the rule code of a ``for`` loop or None, whether it is a loop over elements at all);
    ``outer``: the variables of the loops around it."""
    nest = nest_of(loop, facts, outer)
    if nest is None:
        if heads_loop(loop.target, loop.iter, list(loop.body)):
            return "AB106", False
        return None, False
    shape = Shape(facts, nest, list(loop.body))
    if not shape.is_element_loop() or shape.group_loop():
        return None, False
    return shape.classify(), True


def classify_comprehension(
    node: ast.ListComp | ast.GeneratorExp | ast.SetComp,
    facts: Facts,
    wrapper: str | None,
    outer: frozenset[str] = frozenset(),
) -> str | None:
    """The rule code of a comprehension over array elements, or None."""
    nest = Nest()
    if len(node.generators) == 1 and heads_loop(
        node.generators[0].target, node.generators[0].iter, [node.elt]
    ):
        return "AB106"
    for gen in node.generators:
        found = loop_vars(gen.target, gen.iter, facts, outer | nest.index)
        if found is None:
            if isinstance(gen.iter, ast.Name) and gen.iter.id in nest.element:
                found = Nest(element=set(target_names(gen.target)))
            else:
                return None
        nest.index |= found.index
        nest.element |= found.element
    if _is_conversion(node.elt, nest):
        return None  # [float(v) for v in x]: Python objects out of an array (x.tolist() is faster)
    body: list[ast.AST] = [node.elt, *(c for g in node.generators for c in g.ifs)]
    shape = Shape(facts, nest, body)
    if not shape.is_element_loop() or shape.group_loop():
        return None
    return shape.classify(wrapper)


def _is_conversion(elt: ast.AST, nest: Nest) -> bool:
    """``v``, ``float(v)``, ``(int(a), float(b))``: elements turned into Python objects."""
    if isinstance(elt, ast.Tuple):
        return all(_is_conversion(e, nest) for e in elt.elts)
    if isinstance(elt, ast.Name):
        return elt.id in nest.all
    return (
        isinstance(elt, ast.Call)
        and isinstance(elt.func, ast.Name)
        and elt.func.id in ("float", "int", "complex", "bool", "str")
        and len(elt.args) == 1
        and isinstance(elt.args[0], ast.Name)
        and elt.args[0].id in nest.all
    )
