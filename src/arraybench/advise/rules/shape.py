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

from ..read.facts import Facts
from ..read.libraries import MODEL_WORDS
from ..read.loops import LoopBody, Nest, assigned_names, at_update, loop_vars, nest_of, scope_walk
from ..read.source import Loop, SourceFile
from ..read.syntax import names_in, qualname, target_names, walk_tree

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


#: An element loop does one small thing per element; a body longer than this is a step of
#: an algorithm (with its own branches and calls), not an operation to vectorize.
LONG_BODY = 8


class Shape(LoopBody):
    """Classifies one loop nest (a ``for`` statement or a comprehension)."""

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


def heads_loop(target: ast.AST, it: ast.AST, body: list[ast.AST]) -> bool:
    """``for head in self.heads: outs.append(head(x))``: parallel modules (attention heads)
    each applied to the same input, one call each, where one batched call would do."""
    q = qualname(it, {})
    if q is None or "head" not in q.rsplit(".", 1)[-1].lower() or not isinstance(target, ast.Name):
        return False
    assigned = assigned_names([b for b in body if isinstance(b, ast.stmt)])
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


#: The modules whose functions act on one Python number.
SCALAR_MODULES = frozenset({"math", "cmath"})


def applies_scalar_math(sf: SourceFile, lp: Loop) -> bool:
    """Whether the loop or comprehension ``lp`` calls an element-wise function of ``math``
    on its element (``[RHO0 * math.exp(-h / H) for h in altitudes]``): the run's element loop
    of such a body is an apply loop (AB103, the library's vectorized function on the whole
    array), not arithmetic. Names the body computes from the element count as the element."""
    tree, line, targets = sf.tree, lp.line, lp.targets
    if tree is None:
        return False
    imported = {
        a.asname or a.name
        for n in walk_tree(tree)
        if isinstance(n, ast.ImportFrom) and n.module in SCALAR_MODULES
        for a in n.names
        if a.name in ELEMENTWISE
    }
    comps = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
    for n in walk_tree(tree):
        if getattr(n, "lineno", None) != line:
            continue
        if isinstance(n, (ast.For, ast.AsyncFor)):
            body: list[ast.AST] = list(n.body)
        elif isinstance(n, comps):
            body = [n.key, n.value] if isinstance(n, ast.DictComp) else [n.elt]
            body += [c for g in n.generators for c in g.ifs]
        else:
            continue
        if set(targets) - {t for g in _targets_of(n) for t in target_names(g)}:
            continue
        element = set(targets)
        for part in body:
            for s in ast.walk(part):
                if isinstance(s, ast.Assign) and names_in(s.value) & element:
                    element |= {t for x in s.targets for t in target_names(x)}
        for part in body:
            for c in ast.walk(part):
                if not isinstance(c, ast.Call) or not any(names_in(x) & element for x in c.args):
                    continue
                f = c.func
                if (
                    isinstance(f, ast.Attribute)
                    and isinstance(f.value, ast.Name)
                    and f.value.id in SCALAR_MODULES
                    and f.attr in ELEMENTWISE
                ) or (isinstance(f, ast.Name) and f.id in imported):
                    return True
    return False


def _targets_of(n: ast.AST) -> list[ast.expr]:
    if isinstance(n, (ast.For, ast.AsyncFor)):
        return [n.target]
    return [g.target for g in getattr(n, "generators", [])]
