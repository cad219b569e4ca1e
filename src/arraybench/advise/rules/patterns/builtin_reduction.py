"""AB409: a Python builtin (``sum``, ``max``, ``min``, ``any``, ``all``, ``sorted``) over an array's
elements.

``sum(a)`` of a NumPy array, ``max(t)`` of a tensor, ``any(mask)`` of a JAX array iterate in
Python: each element becomes a NumPy scalar or a 0-d tensor, and each addition or comparison
pays the library's per-call cost (a microsecond or more for torch), where ``a.sum()`` is one
call over the whole array; ``sorted(a)`` makes a list of those scalars, sorted by Python's
comparisons, where ``np.sort(a)`` sorts the array in C.

    candidates  a call of one of the builtins with one argument (``sum`` may have a start) that
                is not a comprehension (lint's AB103/AB104 own those): a name, a row ``x[i]``,
                a comparison or arithmetic of arrays, an elementwise method (``x.abs()``)
    evidence    the argument is a 1-D NumPy array, tensor or JAX array at run time (its shape
                from the values seen at the line); the line's own time is LIST_SHARE of the run
    price       the builtin and the method timed after the run on an array of the library,
                dtype and length seen: the builtin's share of the line (its count times one
                call, at most the line's time) less that over the measured ratio

A builtin over a Python list, over three items or over a generator of lengths is not one: the
values seen say so (a list, a size the method does not beat).
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.calls import properties
from ...read.source import SourceFile, enclosing_function, returned_by
from ...read.syntax import qualname, walk_tree
from ...records import LIST_SHARE, Finding
from ...run.ledger import Count
from ...run.models import builtin_reduction_cost
from ...run.values import Fact, is_array
from .base import Analysis
from .builtin_lists import REDUCERS, converted

#: Methods that keep their receiver's shape (``x.abs()``, ``t.float()``) and those that flatten.
ELEMENTWISE = frozenset(
    {"abs", "float", "double", "half", "int", "long", "bool", "detach", "cpu", "conj", "copy"}
)
FLATTEN = frozenset({"flatten", "ravel"})
#: An array's own reductions: one library call each on an array of at most SMALL_REDUCED
#: elements, an operation beside the builtin (``sum(weighted) / self.amplitudes.sum()``).
REDUCING = frozenset({"sum", "mean", "max", "min", "prod", "any", "all", "std", "var"})
SMALL_REDUCED = 4096
#: A list's methods that keep a value, next to nothing beside a builtin's pass over an array
#: (``self.peaks.append(float(max(frame_peak)))``, blind53's clipping monitor).
KEEPING = frozenset({"append", "extend", "add", "insert", "setdefault"})
#: The builtin must cost this many times the method for a rewrite to be worth naming.
RATIO_MIN = 1.5
#: Library functions of one array that keep its shape (``np.abs(d)``), and the names their
#: modules go by.
ELEMENTWISE_FUNCTIONS = frozenset(
    {"abs", "absolute", "fabs", "square", "sqrt", "exp", "log", "sin", "cos", "tanh", "negative"}
)
MODULES = frozenset({"np", "numpy", "torch", "jnp"})
#: Library functions whose result has their first array's shape, given more arguments.
SAME_SHAPE = frozenset({"roll", "clip", "maximum", "minimum", "flip", "where", "sort", "cumsum"})
#: Seconds that timing the builtin after the run may take, per site at most.
TIMING_S = 0.5


def _shape(node: ast.expr, facts: dict[str, Fact]) -> tuple[Fact, tuple[int, ...]] | None:
    """The array an expression makes and its shape, from the values seen at its line: a name, a
    row or column (``x[i]``, ``x[:, 0]``), a comparison or arithmetic of arrays and scalars, an
    elementwise or flattening method. None where the values do not tell, and (None-like) for a
    scalar operand (``limit``)."""
    if isinstance(node, ast.Name) or (
        isinstance(node, ast.Attribute) and qualname(node, {}) is not None
    ):
        # (``buf.s``: recorded when reduced whole; ``self.seats.base_price``, an attribute of
        # an attribute, as recorded: blind100's box office)
        f = facts.get(ast.unparse(node))
        return (f, f.shape) if f is not None and is_array(f) else None
    if isinstance(node, ast.Subscript) and (
        isinstance(node.value, ast.Name)
        or (isinstance(node.value, ast.Attribute) and isinstance(node.value.value, ast.Name))
    ):
        # (a row of an array or of an object's array: ``max(self.Q[s2])``)
        f = facts.get(ast.unparse(node.value))
        if f is None or not is_array(f):
            return None
        if _mask(node, facts):
            # (the items a mask of the array's own shape picks, ``sum(rise[rise > 0])``,
            # blind120's falconry climbs: at most all of them, the line's time the bound)
            return f, (math.prod(f.shape),)
        index = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if len(index) > len(f.shape):
            return None
        shape: list[int] = []
        for k, ix in enumerate(index):
            if isinstance(ix, ast.Slice):
                if ix.step is not None:
                    return None  # a part of unknown length
                # a part with bounds: its length where they are numbers (``x[2:5]``), else at
                # most the axis, taken as the axis (``u[ilo : ihi + 1]``, a grid's interior: a
                # few items of a long array are rarely what a builtin reduces)
                shape.append(_slice_length(ix, f.shape[k]))
            elif isinstance(ix, ast.Constant) and isinstance(ix.value, int):
                continue
            elif isinstance(ix, ast.Name):
                g = facts.get(ix.id)
                if g is not None and (is_array(g) or g.type in ("list", "tuple")):
                    return None  # fancy indexing: its length is the index's
                continue  # an integer index (a loop's counter)
            else:
                return None
        return f, (*shape, *f.shape[len(index) :])
    if isinstance(node, (ast.Compare, ast.BinOp)):
        sides = (
            [node.left, *node.comparators]
            if isinstance(node, ast.Compare)
            else [node.left, node.right]
        )
        if isinstance(node, ast.Compare) and len(node.comparators) != 1:
            return None
        got = [_shape(s, facts) for s in sides]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            # (``self.fractions @ PROFILE``: 12 @ 12x1500 is 1500 values)
            if got[0] is None or got[1] is None:
                return None
            (lf, ls), (_, rs) = got[0], got[1]
            kept = (*ls[:-1], *rs[:-2], *rs[-1:]) if len(rs) >= 2 else ls[:-1]
            return (lf, kept) if kept else None
        arrays = [g for g in got if g is not None]
        if not arrays or any(
            g is None and not _scalar(s, facts) for s, g in zip(sides, got, strict=True)
        ):
            return None
        fact, shape_ = max(arrays, key=lambda g: len(g[1]))
        if isinstance(node, ast.Compare):
            return replace(fact, dtype="bool"), shape_
        if fact.dtype == "bool":
            # (arithmetic on a mask, ``prices * self.multiplier * self.sold``: numbers)
            return replace(fact, dtype="float64"), shape_
        return fact, shape_
    if isinstance(node, ast.UnaryOp):
        return _shape(node.operand, facts)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in MODULES
        and node.func.attr in SAME_SHAPE
        and node.args
    ):
        # ``np.roll(self.veh_len, -1)``, ``np.clip(x, 0, 1)``: the first array's shape
        return _shape(node.args[0], facts)
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        # ``abs(new - u)``, ``np.abs(d)``, ``torch.square(e)``: elementwise, the same shape
        fn = node.func
        if (isinstance(fn, ast.Name) and fn.id == "abs") or (
            isinstance(fn, ast.Attribute)
            and isinstance(fn.value, ast.Name)
            and fn.attr in ELEMENTWISE_FUNCTIONS
            and (facts.get(fn.value.id) is None or facts[fn.value.id].type == "module")
            and fn.value.id in MODULES
        ):
            return _shape(node.args[0], facts)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in AXIS_REDUCTIONS
    ):
        # a reduction along one axis (``(new - old).abs().amax(dim=1)``): the other axes left
        axis = _axis(node)
        inner = _shape(node.func.value, facts)
        if axis is None or inner is None or not -len(inner[1]) <= axis < len(inner[1]):
            return None
        left = list(inner[1])
        del left[axis]
        return inner[0], tuple(left)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and not node.args
        and node.func.attr in ELEMENTWISE | FLATTEN
    ):
        inner = _shape(node.func.value, facts)
        if inner is None:
            return None
        if node.func.attr in FLATTEN:
            return inner[0], (math.prod(inner[1]),)
        return inner
    return None


def _returned(
    a: Analysis, sf: SourceFile, node: ast.expr, around: dict[str, Fact] | None = None
) -> tuple[Fact, tuple[int, ...]] | None:
    """The array a call of the file's function or method, or a property of the file's, returns
    (``sum(self.ff.atom_energies(self.xyz))``, blind49's conformer energy as a property): the
    shape of its last ``return``, from the values seen on that line (``around``: the values
    seen where ``self``'s property is read, its getter's attributes among them: blind125's
    ``sum(self.legs_km)``, a getter line never looked at)."""
    if isinstance(node, ast.Attribute) and sf.tree is not None and node.attr in properties(sf.tree):
        # (a property of the file's: ``min(self.gaps)``, blind54's ring road)
        ret = returned_by(sf, node.attr)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
        ret = returned_by(sf, node.func.id if isinstance(node.func, ast.Name) else node.func.attr)
    else:
        return None
    if ret is None or ret.value is None:
        return None
    fn = enclosing_function(sf, ret.lineno)
    if fn is None:
        return None
    # (the names' values anywhere in the function: a return line is not always looked at)
    own = isinstance(node, ast.Attribute) and ast.unparse(node.value) == "self"
    facts = {
        **(around if around is not None and own else {}),
        **a.ev.facts_in(sf.path, fn.lineno, fn.end_lineno or ret.lineno),
        **a.ev.facts_at((sf.path, ret.lineno)),
    }
    # (a module's global the getter reads, bound once, as any line of the file saw it:
    # ``PROFILE`` of ``return self.fractions @ PROFILE``, a fast line never looked at)
    for n in ast.walk(ret.value):
        if isinstance(n, ast.Name) and n.id not in facts and _bound_once(sf, n.id):
            seen = next(
                (
                    xs[0]
                    for (p, _), names in a.ev.samples.facts.items()
                    if p == sf.path and (xs := names.get(n.id))
                ),
                None,
            )
            if seen is not None:
                facts[n.id] = seen
    value = ret.value
    if isinstance(value, ast.Name) and value.id not in facts:
        # (``return gap`` after ``gap = (lead - self.x) % self.length - ...``: a return line the
        # sampler's signal seldom lands on, its value made by the one assignment before it)
        made = [
            st.value
            for st in ast.walk(fn)
            if isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Name)
            and st.targets[0].id == value.id
        ]
        if len(made) == 1:
            value = made[0]
    got = _shape(value, facts)
    if got is None and isinstance(node, ast.Attribute):
        # (a getter's value the source cannot follow, ``np.hypot(*np.diff(self.xy, axis=0).T)``:
        # where the file names it, ``steps = self.step_lengths``, the run saw it)
        got = _named_value(a, sf, node)
    return got


def _bound_once(sf: SourceFile, name: str) -> bool:
    """Whether ``name`` is a global the module binds once, at its own level, and no function
    binds (``global``) again."""
    if sf.tree is None:
        return False
    at_module = [
        st
        for st in sf.tree.body
        if isinstance(st, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == name for t in st.targets)
    ]
    declared = any(isinstance(n, ast.Global) and name in n.names for n in walk_tree(sf.tree))
    return len(at_module) == 1 and not declared


def _property_values(
    a: Analysis, sf: SourceFile, node: ast.expr, facts: dict[str, Fact]
) -> dict[str, Fact]:
    """The values of ``self``'s properties that ``node`` reads and the run could not (a look
    runs no getter), each its getter's ``return`` made from the values seen (:func:`_returned`)."""
    if sf.tree is None:
        return {}
    out: dict[str, Fact] = {}
    for n in ast.walk(node):
        if (
            isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
            and n.attr in properties(sf.tree)
            and ast.unparse(n) not in facts
        ):
            got = _returned(a, sf, n, facts)
            if got is not None:
                out[ast.unparse(n)] = replace(got[0], shape=got[1])
    return out


def _named_value(
    a: Analysis, sf: SourceFile, node: ast.Attribute
) -> tuple[Fact, tuple[int, ...]] | None:
    """The value of ``self.<property>`` as the run saw it under a name the file binds it to."""
    assert sf.tree is not None
    for st in walk_tree(sf.tree):
        if (
            isinstance(st, ast.Assign)
            and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Name)
            and isinstance(st.value, ast.Attribute)
            and st.value.attr == node.attr
            and ast.unparse(st.value) == ast.unparse(node)
        ):
            fn = enclosing_function(sf, st.lineno)
            lo, hi = (fn.lineno, fn.end_lineno or fn.lineno) if fn else (st.lineno, st.lineno)
            seen = a.ev.facts_in(sf.path, lo, hi).get(st.targets[0].id)
            if seen is not None and is_array(seen):
                return seen, seen.shape
    return None


#: Methods that reduce an array along the axis they are given, giving an array.
AXIS_REDUCTIONS = frozenset({"amax", "amin", "sum", "mean", "prod", "std", "var", "any", "all"})


def _mask(node: ast.expr, facts: dict[str, Fact]) -> bool:
    """``x[m]`` with ``m`` a boolean mask of ``x``'s shape: a comparison of ``x`` (or of an
    array of its shape), or a name seen as such a mask."""
    if not isinstance(node, ast.Subscript):
        return False
    f = facts.get(ast.unparse(node.value))
    if f is None or not is_array(f):
        return False
    ix = node.slice
    if isinstance(ix, ast.Compare):
        got = _shape(ix, facts)
        return got is not None and got[1] == tuple(f.shape)
    if isinstance(ix, ast.Name):
        m = facts.get(ix.id)
        return m is not None and is_array(m) and m.dtype == "bool" and m.shape == f.shape
    return False


def _axis(call: ast.Call) -> int | None:
    """The one axis a reduction is told (``dim=1``, ``axis=0``, ``sum(1)``), where it keeps no
    dimension; None otherwise."""
    given = [k.value for k in call.keywords if k.arg in ("dim", "axis")] + list(call.args)
    others = [k for k in call.keywords if k.arg not in ("dim", "axis")]
    if len(given) != 1 or others:
        return None
    v = given[0]
    if isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.USub):
        v = v.operand
        sign = -1
    else:
        sign = 1
    if isinstance(v, ast.Constant) and isinstance(v.value, int) and not isinstance(v.value, bool):
        return sign * v.value
    return None


def _slice_length(ix: ast.Slice, n: int) -> int:
    """The length of ``a[lower:upper]`` on an axis of ``n``: exact for numbers, ``n`` else."""
    bounds = []
    for b, default in ((ix.lower, 0), (ix.upper, n)):
        if b is None:
            bounds.append(default)
        elif isinstance(b, ast.Constant) and isinstance(b.value, int):
            bounds.append(b.value)
        elif (
            isinstance(b, ast.UnaryOp)
            and isinstance(b.op, ast.USub)
            and isinstance(b.operand, ast.Constant)
            and isinstance(b.operand.value, int)
        ):
            bounds.append(-b.operand.value)
        else:
            return n
    lo, hi, _ = slice(*bounds).indices(n)
    return max(0, hi - lo)


def _scalar(node: ast.expr, facts: dict[str, Fact]) -> bool:
    """A number: a constant, a name whose value was a number (or never seen: a parameter like
    ``limit`` read only there), an object's attribute seen a number, or arithmetic of those."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float))
    if isinstance(node, ast.Name):
        f = facts.get(node.id)
        return f is None or f.kind == "scalar"
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        # (an object's number: ``self.limit``, as the run saw it)
        f = facts.get(ast.unparse(node))
        return f is not None and f.kind == "scalar"
    if isinstance(node, ast.UnaryOp):
        return _scalar(node.operand, facts)
    if isinstance(node, ast.BinOp):
        return _scalar(node.left, facts) and _scalar(node.right, facts)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in MODULES
        and node.args
        and not node.keywords
    ):
        # (``np.exp(-self.steep_minutes / 2.5)`` of a number)
        return all(_scalar(x, facts) for x in node.args)
    return False


def _holds_comprehension(sf: SourceFile, line: int) -> bool:
    first, last = sf.span(line)
    return sf.tree is not None and any(
        isinstance(n, (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp))
        and first <= n.lineno <= last
        for n in walk_tree(sf.tree)
    )


def _rewrite(call: ast.Call, name: str) -> str:
    """``t.max()`` for ``max(t)``, ``(p > limit).any()`` for ``any(p > limit)``,
    ``a.sum() + s`` for ``sum(a, s)``."""
    arg = ast.unparse(call.args[0])
    if name == "sorted":
        # (a sorted array, indexed and measured as the list was: ``ordered[k]``, ``len``)
        return f"np.sort({arg}) (torch.sort({arg}).values)"
    if not isinstance(call.args[0], (ast.Name, ast.Subscript, ast.Call, ast.Attribute)):
        arg = f"({arg})"
    out = f"{arg}.{name}()"
    if name == "sum" and len(call.args) == 2:
        out = f"{out} + {ast.unparse(call.args[1])}"
    return out


def _builtins_time(
    sf: SourceFile,
    line: int,
    calls: list[ast.Call],
    seconds: float,
    count: int,
    per_call: float,
    call: float,
    facts: dict[str, Fact] | None = None,
) -> float:
    """The part of the statement's own time that its builtins take. A statement of the
    builtins and a few array operations (``worst = max(err)``, ``return any(p > limit)``): its
    time less one library call (``call`` seconds) per operation a run; one that calls something
    else (``any(model(x) > 0)``): the builtins' count times their cost timed after the run."""
    if sf.tree is None:
        return min(seconds, count * per_call)
    first, last = sf.span(line)
    nodes = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, (ast.Call, ast.BinOp, ast.Compare, ast.UnaryOp, ast.Subscript))
        and first <= getattr(n, "lineno", 0) <= last
    ]
    ours = {id(c) for c in calls}
    others = [
        n
        for n in nodes
        if id(n) not in ours
        and isinstance(n, ast.Call)
        and not (
            isinstance(n.func, ast.Attribute) and n.func.attr in ELEMENTWISE | FLATTEN | KEEPING
        )
        # (``abs`` of an array is its elementwise np.abs: ``max(abs(r_new - r_old))``, blind84's
        # volcano fit, priced on the after-run cost of max alone, 21% for 46%)
        and not (
            isinstance(n.func, ast.Name) and n.func.id in ("float", "int", "bool", "len", "abs")
        )
        # (a small array's own reduction, one library call: ``sum(weighted) /
        # self.amplitudes.sum()`` of 240 values, blind144's organ pipes, priced on the after-run
        # cost of sum alone, 22% for 41%)
        and not (
            isinstance(n.func, ast.Attribute)
            and n.func.attr in REDUCING
            and not n.args
            and (got := (facts or {}).get(ast.unparse(n.func.value))) is not None
            and is_array(got)
            and got.size <= SMALL_REDUCED
        )
    ]
    if others:
        return min(seconds, count * per_call)
    ops = len(nodes) - len(calls)
    return max(min(seconds, count * per_call), seconds - count * ops * call)


class BuiltinReduction:
    rule = register(
        Rule(
            "AB409",
            "builtin-reduction",
            WARNING,
            "a Python builtin (sum, max, min, any, all, sorted) over the elements of an array or "
            "tensor: each element becomes a NumPy scalar or a 0-d tensor and each addition or "
            "comparison pays the library's per-call cost",
            "call the array's own reduction: a.sum(), t.max(), x.min(), mask.any(), mask.all() "
            "(np.any(a), torch.any(t)), np.sort(a) for sorted(a): one call over the whole array",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        yield from converted(a, sf, self.rule.code)
        by_line: dict[int, list[ast.Call]] = {}
        for c in walk_tree(sf.tree):
            if (
                isinstance(c, ast.Call)
                and isinstance(c.func, ast.Name)
                and c.func.id in REDUCERS
                and not c.keywords
                and 1 <= len(c.args) <= (2 if c.func.id == "sum" else 1)
                # a loop written as a comprehension is lint's AB103/AB104
                and not isinstance(c.args[0], (ast.GeneratorExp, ast.ListComp, ast.SetComp))
            ):
                by_line.setdefault(c.lineno, []).append(c)
        # (a builtin mapped over an array's rows, ``map(sum, run.samples)``: one call a row,
        # read as the builtin over its first row; blind143's wind-tunnel taps)
        mapped: dict[int, ast.expr] = {}
        for c in walk_tree(sf.tree):
            if (
                isinstance(c, ast.Call)
                and isinstance(c.func, ast.Name)
                and c.func.id == "map"
                and len(c.args) == 2
                and isinstance(c.args[0], ast.Name)
                and c.args[0].id in REDUCERS
                and c.args[0].id != "sorted"
            ):
                row = ast.Subscript(value=c.args[1], slice=ast.Constant(0), ctx=ast.Load())
                one = ast.Call(
                    func=ast.Name(id=c.args[0].id, ctx=ast.Load()), args=[row], keywords=[]
                )
                for n in (one, one.func, row, row.slice):
                    ast.copy_location(n, c)
                mapped[id(one)] = c.args[1]
                by_line.setdefault(c.lineno, []).append(one)
        for line, calls in sorted(by_line.items()):
            key = (sf.path, line)
            old = a.found.get(key)
            if old is not None and (old.code != "AB104" or _holds_comprehension(sf, line)):
                continue  # another finding, or lint's reduction of a comprehension here
            if old is None and a.covered(sf.path, line):
                continue  # inside a loop finding: the loop's rewrite covers it
            first, last = sf.span(line)
            seconds = a.led.span(sf.path, first, last, own=True)
            if seconds / a.total < LIST_SHARE:
                continue
            facts = a.ev.facts_at(key)
            seen = []
            for c in calls:
                # (a property of the object read in the argument, ``sum(self.extract * w)``:
                # its getter's value, blind128's tea blends)
                with_props = {**_property_values(a, sf, c.args[0], facts), **facts}
                got = _shape(c.args[0], with_props) or _returned(a, sf, c.args[0], facts)
                # a builtin over a 2-D array reduces its rows: whole-row operations
                if got is not None and len(got[1]) == 1 and got[1][0] >= 2:
                    seen.append((c, *got))
            priced = []
            for c, fact, shape in seen:
                name = c.func.id if isinstance(c.func, ast.Name) else ""
                cost = builtin_reduction_cost(
                    fact.type, fact.dtype, fact.device, shape[0], name, min(TIMING_S, a.budget())
                )
                # of a few items, the builtin costs what the method does
                if cost is not None and cost[1] >= RATIO_MIN:
                    priced.append((c, fact, shape, name, cost))
            if not priced:
                continue
            f, _ = a.finding(sf, line, self.rule.code)
            count = a.led.count(key)
            # (a builtin in a comprehension's item runs once an item, not once a run of the
            # line: ``np.array([max(row) for row in self.quotes])``, 14 rows a call, blind70's
            # odds book priced at 3% for 57%)
            inner = _comprehension_count(a, sf, line, [p[0] for p in priced])
            keyed = None if inner else _key_count(a, sf, line, [p[0] for p in priced], count)
            inner = inner or keyed
            if inner is not None and inner.n > count.n:
                count = inner
            rows = [
                facts[ast.unparse(mapped[id(p[0])])].shape[0]
                for p in priced
                if id(p[0]) in mapped and ast.unparse(mapped[id(p[0])]) in facts
            ]
            if rows:
                count = replace(count, n=count.n * max(rows))
            per_call = sum(p[4][0] for p in priced)
            call = a.costs.call([p[1] for p in priced])
            spent = _builtins_time(
                sf, line, [p[0] for p in priced], seconds, count.n, per_call, call, facts
            )
            # the line's builtins save (1 - 1/ratio) of their time, each at its own ratio
            share_of = [p[4][0] / per_call for p in priced]
            mid = sum(w * (1 - 1 / p[4][1]) for w, p in zip(share_of, priced, strict=True))
            lo = sum(w * (1 - 1 / max(p[4][2], 1.0)) for w, p in zip(share_of, priced, strict=True))
            hi = sum(w * (1 - 1 / max(p[4][3], 1.0)) for w, p in zip(share_of, priced, strict=True))
            said = [f"its key lambda runs {count} times"] if keyed is not None else []
            for c, fact, shape, name, (t, r, _, _) in priced:
                what = {"torch.Tensor": "a 0-d tensor", "jax.Array": "a 0-d JAX array"}.get(
                    fact.type, "a NumPy scalar"
                )
                most = "up to " if _mask(c.args[0], facts) else ""
                over = mapped.get(id(c))
                said.append(
                    f"{name}() over a {fact.type} {fact.dtype} of {most}{shape[0]:,} items, each "
                    f"{what}: {format_time(t)} a call, {_rewrite(c, name)} {r:.0f}x as fast"
                    if over is None
                    else f"map({name}, {ast.unparse(over)}) calls {name}() on each row of "
                    f"{shape[0]:,} items, each {what}: {format_time(t)} a call, "
                    f"{ast.unparse(over)}.{name}(axis=1) {r:.0f}x as fast"
                )
            if old is not None:
                del a.found[key]  # lint's reduction loop, priced here on the run's values
                f = replace(f, origin=old.origin, was_possible=old.was_possible)
            yield replace(
                f,
                seconds=spent * mid,
                share=spent * mid / a.total,
                evidence="; ".join([*([f.evidence] if f.evidence else []), *said])
                + " (timed after the run on an array like it)",
                gain=(spent * lo, seconds * hi),
            )


PATTERN = BuiltinReduction()


def _comprehension_count(
    a: Analysis, sf: SourceFile, line: int, calls: list[ast.Call]
) -> Count | None:
    """The iterations of the comprehension on ``line`` whose item holds the calls, where one
    does (its count over the whole run); None otherwise."""
    if sf.tree is None:
        return None
    for comp in walk_tree(sf.tree):
        if not (
            isinstance(comp, (ast.ListComp, ast.SetComp, ast.GeneratorExp))
            and comp.lineno == line
            and all(any(c is n for n in ast.walk(comp.elt)) for c in calls)
        ):
            continue
        for lp in sf.loops:
            if lp.comprehension and lp.line == line:
                got, _ = a.loop_counts(sf.path, lp)
                return got if got.n else None
    return None


#: Calls that call a ``key=`` function once an item of their first argument.
KEYED = frozenset({"max", "min", "sorted"})


def _key_count(
    a: Analysis, sf: SourceFile, line: int, calls: list[ast.Call], runs: Count
) -> Count | None:
    """The calls of the lambda on ``line`` whose body holds the calls, where it is the ``key=``
    of ``max``/``min``/``sorted`` over a sequence or array of one length at every look (the
    statement's runs times that length): ``max(self.shelves, key=lambda shelf:
    sum(shelf.ripeness))``, 28 sums a run (blind118's cheese cave, priced at one a run, 6.2%
    for 75.9%). None otherwise."""
    if sf.tree is None:
        return None
    for c in walk_tree(sf.tree):
        if not (
            isinstance(c, ast.Call)
            and c.lineno == line
            and isinstance(c.func, ast.Name)
            and c.func.id in KEYED
            and c.args
        ):
            continue
        key = next((k.value for k in c.keywords if k.arg == "key"), None)
        if not isinstance(key, ast.Lambda) or not all(
            any(x is n for n in ast.walk(key.body)) for x in calls
        ):
            continue
        looks = a.ev.samples.facts.get((sf.path, line), {}).get(ast.unparse(c.args[0]), [])
        sizes = {x.shape[0] for x in looks if x.shape}
        if len(sizes) != 1:
            return None
        # (the statement's runs: its block's, counted, where it is run straight)
        straight = a.led.straight.get((sf.path, sf.span(line)[0]))
        n = straight if straight else runs.n
        return Count(n * sizes.pop(), exact=bool(straight) or runs.exact)
    return None


def builtin_note(parts: list[ast.expr], facts: dict[str, Fact]) -> str:
    """For parts of a statement another rule reports (AB411's ``sum(self.density *
    self.volume)``, the same at every call: blind122's quarry), the one that is Python's
    builtin reduction over an array or tensor, said with the library's own reduction, which
    alone saves most of it where the value cannot be kept; else ""."""
    for n in parts:
        for c in ast.walk(n):
            if not (
                isinstance(c, ast.Call)
                and isinstance(c.func, ast.Name)
                and c.func.id in REDUCERS - {"sorted"}
                and len(c.args) == 1
                and not c.keywords
                and not isinstance(c.args[0], ast.GeneratorExp | ast.ListComp)
            ):
                continue
            read = [
                ast.unparse(x)
                for x in ast.walk(c.args[0])
                if isinstance(x, ast.Name | ast.Attribute)
            ]
            if not any(r in facts and is_array(facts[r]) for r in read):
                continue
            arg = ast.unparse(c.args[0])
            if not isinstance(c.args[0], ast.Name | ast.Attribute | ast.Call | ast.Subscript):
                arg = f"({arg})"
            return (
                f"; and `{c.func.id}()` there is Python's builtin, taking the array's items one "
                f"at a time: `{arg}.{c.func.id}()` computes it in the library, where the value "
                "cannot be kept"
            )
    return ""
