"""AB203: copies of data that nothing modifies (``.clone()``, ``.copy()``, ``np.copy``,
``copy.deepcopy``, ``np.array(a)`` of an array, ``torch.tensor(t)`` of a tensor): the original
would do, unless the copy or the original is written into, kept or handed to code that may."""

from __future__ import annotations

import ast
import re

from ..read.facts import Facts
from ..read.libraries import EVIDENCE_ATTRS
from ..read.loops import is_sequence
from ..read.syntax import public_data_function, qualname
from .walk import Walk, model_named, name_nodes

COPIES = frozenset({"clone", "copy"})

COPY_FUNCS = frozenset(
    {"numpy.copy", "torch.clone", "copy.copy", "copy.deepcopy", "jax.numpy.copy", "xp.copy"}
)

#: Builtins that read their arguments and keep nothing of them.
READ_ONLY_BUILTINS = frozenset(
    {
        "len",
        "float",
        "int",
        "bool",
        "print",
        "repr",
        "str",
        "isinstance",
        "abs",
        "round",
        "min",
        "max",
        "sum",
        "any",
        "all",
        "hash",
        "id",
        "type",
        "format",
    }
)

#: Methods that write into their receiver or hand it to something that may keep it.
MUTATING_CALLS = frozenset({"fill", "sort", "resize", "put", "itemset", "partition", "setflags"})


class CopyRules(Walk):
    """AB203, checked at assignments and at the operands of arithmetic."""

    def _copy(self, target: ast.AST, value: ast.AST) -> None:
        found = self._copied(value)
        if found is None:
            return
        source, kind = found
        me = qualname(target, {})
        base = source
        while isinstance(base, ast.Subscript):
            base = base.value  # batch["x"].clone(): a copy of (part of) batch
        src = qualname(base, {})
        if me is None or src is None or not isinstance(target, ast.Name):
            return
        mutated = self.facts.mutated
        if me in mutated or src in mutated:
            return  # a snapshot of data modified in place, or a buffer written into: needed
        if kind == "convert" and me == src:
            return  # x = np.array(x): the usual first line that accepts lists too
        if me == src and src in self.facts.not_arrays:
            return  # def f(sigma: float): sigma = torch.tensor(sigma) converts a number
        line = getattr(value, "lineno", 0)
        before = [v for ln, v in self.facts.assigns.get(src, ()) if ln != line]
        if me == src and (
            any(is_sequence(v) for v in before)
            or (_converts(value, self.facts) and not before and src in self.scopes[-1].untyped)
        ):
            # sizes = [...]; sizes = torch.tensor(sizes), or n_id = torch.tensor(n_id) of a
            # parameter: a list (or whatever the caller gives) converted, not a tensor copied
            return
        if src in self._narrowed():
            return  # under `if not isinstance(w, Tensor):` torch.tensor(w) converts a list
        if isinstance(source, ast.Subscript) and not self.loops:
            return  # labels[:n].copy(): detaching a view from its base, often on purpose
        if isinstance(base, ast.Name) and base.id != me and self._escapes(base.id, value):
            return  # the original goes to code that may write into it: maybe a snapshot
        if any(_asks_for_copy(t) for t in self.tests):
            return  # if copy: / if not x.flags.contiguous: a copy asked for, for a reason
        if (
            self.loops
            and self._invariant(base, self.loops[-1])
            and all(self._invariant(n, self.loops[-1]) for n in name_nodes(source))
            and not self._written_by_callee(me)
        ):
            self.report("AB203", value)  # the same data copied again on every iteration
        elif not self._escapes(me) or (me == src and self._fresh(src, line)):
            # a copy that is only read: the original would do; or value = a + b then value =
            # torch.tensor(value): a copy of a result nothing else holds, returned or not
            self.report("AB203", value)

    def _written_by_callee(self, name: str) -> bool:
        """``x_p = x.clone()`` then ``self._perturb(x=x_p)`` or ``perturb_(x_p)``: the copy
        handed to a method of this object, or to a function whose name says it writes
        (a trailing ``_``, perturb, fill, update, shuffle): a fresh copy each time is needed."""
        for n in self.scopes[-1].nodes:
            if not isinstance(n, ast.Call):
                continue
            given = [*n.args, *(kw.value for kw in n.keywords)]
            if not any(isinstance(a, ast.Name) and a.id == name for a in given):
                continue
            f = n.func
            word = (
                f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            )
            if (
                (
                    isinstance(f, ast.Attribute)
                    and isinstance(f.value, ast.Name)
                    and f.value.id == "self"
                )
                or word.endswith("_")
                or re.search(
                    r"perturb|fill|update|shuffle|augment|corrupt|mask|noise|inplace|in_place",
                    word,
                    re.I,
                )
            ):
                return True
        return False

    def _fresh(self, name: str, line: int) -> bool:
        """Whether a local name holds, just above ``line``, an array computed right there
        (``value = out_a + out_b``): arithmetic, not a view, not what a caller passed."""
        v = self.facts.last_value(name, line)
        return isinstance(v, ast.BinOp | ast.UnaryOp) and self.facts.is_array(v)

    def _copied(self, value: ast.AST) -> tuple[ast.AST, str] | None:
        """What ``value`` copies, and how: ``x.clone()``, ``x.copy()``, ``np.copy(x)``,
        ``copy.deepcopy(x)`` of an array; ``torch.tensor(t)`` of a tensor; ``np.array(a)`` of a
        NumPy array ("convert": the same call also turns lists into arrays)."""
        while (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr in ("detach", "float", "requires_grad_", "contiguous")
            and isinstance(value.func.value, ast.Call)
        ):
            value = value.func.value  # torch.tensor(t).float(): the copy is inside
        if not isinstance(value, ast.Call):
            return None
        f = value.func
        if isinstance(f, ast.Attribute) and f.attr in COPIES and not value.args:
            base = f.value
            while (
                isinstance(base, ast.Call)
                and isinstance(base.func, ast.Attribute)
                and base.func.attr == "detach"
            ):
                base = base.func.value
            if f.attr == "copy" and not self.facts.is_array(base):
                return None  # dict.copy(), list.copy()
            return base, "copy"
        q = self._qual(f)
        if not value.args:
            return None
        arg = value.args[0]
        if q in COPY_FUNCS and self.facts.is_array(arg):
            return arg, "copy"
        extra = [kw.arg for kw in value.keywords if kw.arg not in ("copy", "device")]
        if q in ("torch.tensor", "torch.Tensor") and self.facts.is_tensor(arg):
            return arg, "copy"  # a copy, and torch warns: use t.clone().detach() or t itself
        if (
            q == "numpy.array"
            and len(value.args) == 1
            and not extra
            and not any(
                kw.arg == "copy" and isinstance(kw.value, ast.Constant) and not kw.value.value
                for kw in value.keywords
            )
            and self.facts.is_array(arg)
            and self.facts.is_host(arg)
        ):
            return arg, "convert"
        return None

    def _escapes(self, name: str, skip: ast.AST | None = None) -> bool:
        """Whether a local name's value leaves the reads of its scope: returned, yielded,
        stored (in an attribute, a container, a list), or passed to a function that might
        write into it (not an array function, a model, or a builtin that only reads)."""
        nodes = self.scopes[-1].nodes
        parents: dict[int, ast.AST] = {}
        for n in nodes:
            for c in ast.iter_child_nodes(n):
                parents[id(c)] = n
        inside = {id(n) for n in ast.walk(skip)} if skip is not None else set()
        for n in nodes:
            if not (isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)):
                continue
            if id(n) in inside:
                continue  # the copy itself
            p = parents.get(id(n))
            while isinstance(p, ast.Tuple | ast.List | ast.Starred | ast.IfExp):
                p = parents.get(id(p))
            if isinstance(p, ast.Attribute) and p.attr not in EVIDENCE_ATTRS:
                above = parents.get(id(p))
                if isinstance(above, ast.Assign | ast.Return) or (
                    isinstance(above, ast.Call) and p in above.args and not self._reads_only(above)
                ):
                    return True  # self.data = A.data: a part of the copy kept
            if p is None or isinstance(
                p, ast.Return | ast.Yield | ast.YieldFrom | ast.Dict | ast.Set | ast.keyword
            ):
                return True
            if isinstance(p, ast.Assign | ast.AnnAssign) and (
                p.value is n or isinstance(p.value, ast.Tuple | ast.List)
            ):
                return True  # y2 = y, self.x = y: an alias kept
            if isinstance(p, ast.Call) and n is not p.func and not self._reads_only(p):
                return True
            if isinstance(p, ast.Lambda | ast.FunctionDef):
                return True
        return False

    def _reads_only(self, call: ast.Call) -> bool:
        f = call.func
        q = self._qual(f)
        if q is not None and (
            (self.facts.is_namespace(q) and public_data_function(q))
            or q.startswith(("math.", "cmath."))
        ):
            return True
        if isinstance(f, ast.Name) and (f.id in READ_ONLY_BUILTINS or q in self.facts.models):
            return True
        if isinstance(f, ast.Attribute):
            if self.facts.is_array(f.value) and f.attr not in MUTATING_CALLS:
                return True  # x.dot(y), x.add(y)
            if qualname(f.value, {}) in self.facts.models or f.attr in ("forward", "predict"):
                return True
        return q is not None and (model_named(q) or _reader_named(q))

    def visit_BinOp(self, node: ast.BinOp) -> None:
        for side in (node.left, node.right):
            found = self._copied(side)
            if found is not None and found[1] == "copy":
                self.report("AB203", side)  # x.clone() * 2: the product is new already
        self.generic_visit(node)


def _asks_for_copy(test: ast.expr) -> bool:
    """``if copy:``, ``if not x.flags.contiguous:``, ``if not a.flags.writeable:``."""
    for n in ast.walk(test):
        word = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else ""
        if any(w in word.lower() for w in ("copy", "contiguous", "flags", "writeable", "owndata")):
            return True
    return False


def _converts(value: ast.AST, facts: Facts) -> bool:
    """``torch.tensor(x, ...)`` (``.float()`` after it too): a call that also converts lists."""
    return any(
        isinstance(n, ast.Call) and facts.qual(n.func) in ("torch.tensor", "torch.Tensor")
        for n in ast.walk(value)
    )


def _reader_named(q: str) -> bool:
    """A loss or a metric (``loss_fn``, ``criterion``, ``accuracy``): reads its arguments."""
    leaf = q.rsplit(".", 1)[-1].lower()
    return any(w in leaf for w in ("loss", "criterion", "metric", "score", "accuracy"))
