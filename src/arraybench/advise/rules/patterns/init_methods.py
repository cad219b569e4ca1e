"""What a method's statement reads that is as fixed as the attributes only ``__init__`` sets:
the object's pure methods (called on such values, they give the same result each time) and the
method's own locals made from those before the statement (AB411's init_invariant.py reads
them). blind88's tide fitter: ``A = self.design(self.hours)`` then ``pinv =
np.linalg.pinv(A)`` in ``fit()``, called for every window of every station: the same matrix
and the same pseudo-inverse 19,614 times, 93% of the run."""

from __future__ import annotations

import ast

from ...read.purity import PURE_BUILTINS, PURE_CALLS, set_after_init
from ...read.source import SourceFile, call_name
from ...read.syntax import walk_tree
from .changes import _inputs
from .loop_invariant import REDUCING

#: Methods that add to a list the method made itself (``cols.append(...)``): no state changed.
LOCAL_BUILDERS = frozenset({"append", "extend"})


def pure_methods(sf: SourceFile, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """The methods of ``fn``'s class (``self.design``) that store nothing on the object, call
    only pure calls, builtins and the list methods of their own lists, and read only attributes
    that nothing sets after ``__init__``: called with the same arguments, the same result."""
    if sf.tree is None:
        return frozenset()
    cls = next(
        (
            c
            for c in walk_tree(sf.tree)
            if isinstance(c, ast.ClassDef) and any(m is fn for m in c.body)
        ),
        None,
    )
    if cls is None:
        return frozenset()
    out: set[str] = set()
    for m in cls.body:
        if not isinstance(m, ast.FunctionDef) or m.name.startswith("__") or m.decorator_list:
            continue
        if _pure(sf, m):
            out.add(f"self.{m.name}")
    return frozenset(out)


def _pure(sf: SourceFile, m: ast.FunctionDef) -> bool:
    own = set(_stored(m))
    for n in ast.walk(m):
        if (
            isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
            and (not isinstance(n.ctx, ast.Load) or set_after_init(sf, n.attr))
        ):
            return False
        if isinstance(n, ast.Call):
            name = call_name(n)
            local = (
                isinstance(n.func, ast.Attribute)
                and name in LOCAL_BUILDERS
                and isinstance(n.func.value, ast.Name)
                and n.func.value.id in own
            )
            if not (local or name in PURE_CALLS or name in PURE_BUILTINS or name == "range"):
                return False
        if isinstance(n, ast.Global | ast.Nonlocal | ast.Yield | ast.YieldFrom):
            return False
    return True


def fixed_locals(
    sf: SourceFile,
    fn: ast.FunctionDef | ast.AsyncFunctionDef,
    before: int,
    modules: set[str],
    callables: frozenset[str],
) -> dict[str, tuple[set[str], int]]:
    """The locals of ``fn`` assigned once, at its top level before line ``before``, from
    attributes nothing sets after ``__init__``, modules, the object's pure methods
    (``callables``, :func:`pure_methods`) and such locals: each with the attributes it is
    made from and its line."""
    stored = _stored(fn)
    out: dict[str, tuple[set[str], int]] = {}
    for st in fn.body:
        if st.lineno >= before:
            break
        if not (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Name)
            and stored.count(st.targets[0].id) == 1
            # (a made value, not another name for an object the method reads, ``c =
            # self.column``, whose own attributes the loop may change from outside)
            and not isinstance(st.value, ast.Name | ast.Attribute)
        ):
            continue
        names = _inputs(st.value, frozenset(), REDUCING, need_costly=False, callables=callables)
        if not names:
            continue
        attrs: set[str] = set()
        ok = True
        for n in names:
            if n in out:
                attrs |= out[n][0]
            elif n.startswith("self.") and "." not in n[5:]:
                if f"self.{n[5:]}" not in callables:
                    if set_after_init(sf, n[5:]):
                        ok = False
                        break
                    attrs.add(n)
            elif n not in modules:
                ok = False
                break
        if ok and attrs:
            out[st.targets[0].id] = (attrs, st.lineno)
    return out


def _stored(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The names a function's assignments and ``for`` loops bind, once a binding."""
    return [
        t.id
        for n in ast.walk(fn)
        if isinstance(n, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.For)
        for t in ast.walk(n.targets[0] if isinstance(n, ast.Assign) else n.target)
        if isinstance(t, ast.Name)
    ]
