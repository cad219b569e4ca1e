"""AB401 from the run: NumPy's float64 data made torch tensors without a dtype, so that a loop's
torch work runs in float64 (torch's own default is float32).

``data = {k: torch.as_tensor(v) for k, v in raw.items()}`` of arrays NumPy made (float64 by
default), handed to a model object (``self.mobility = data["mobility"]``) whose step runs
every day of a simulation: every product and every elementwise operation of the loop moves
twice the bytes and runs double-precision arithmetic. Lint's AB401 looks only where a
``torch.nn`` model is fed; here there is none, and the source cannot tell the dtype. The run
can: the loop's statements hold float64 tensors, and their names lead back, through the
file's assignments, parameters and calls, to the conversion.

    candidates  a call of ``torch.as_tensor`` / ``from_numpy`` / ``tensor`` / ``asarray`` with
                no ``dtype`` and no cast after it (``.float()``, ``.to(torch.float32)``)
    evidence    a loop (LIST_SHARE of the run or more) whose statements, or those of the
                file's functions it calls, hold float64 tensors of SIZE_MIN elements or more,
                and whose names trace back to that call (assignments, ``self.`` attributes,
                a function's parameters through its calls, at most TRACE_DEPTH steps); no
                finding of AB410 on that loop
    price       the loop's float64 work (its statements' time, the samples counted once),
                and its costliest statement timed after the run in float64 and in float32 on
                values of the seen shapes: that work less itself over the ratio. Where the
                float64 tensors carry autograd's graph and the loop calls ``.backward()``, the
                backward pass runs in float64 too: the work takes that share of the backward
                line's time (the float64 work over the loop's forward time), as blind64's
                volcano inversion measured (its forward alone priced 7% for a 25% saving)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache

from ....base.units import format_time
from ...codes import RULES
from ...read.calls import reached, returned_attributes
from ...read.source import Loop, SourceFile, enclosing_function
from ...read.syntax import call_name, walk_tree
from ...records import LIST_SHARE, Finding
from ...run.values import SEQUENCE, TENSOR, Fact
from .base import Analysis
from .float64_values import SIZE_MIN, looks_at
from .float64_work import _ratio_at, holding, stand_in_ratio

#: The torch calls that make a tensor of NumPy data, keeping its dtype where none is given.
CONVERSIONS = frozenset({"as_tensor", "from_numpy", "tensor", "asarray"})
#: Methods that give a tensor another dtype (``torch.from_numpy(a).float()``); ``.to`` and
#: ``.type`` only where given a dtype (``.to(device)`` keeps float64).
CASTS = frozenset({"float", "half", "bfloat16", "to", "type"})
#: Float dtypes a ``.to(...)`` may be given.
FLOAT_DTYPES = frozenset({"float32", "float", "float16", "half", "bfloat16"})
#: Steps back from the loop's names to a conversion (an assignment, a parameter, a call).
TRACE_DEPTH = 8

Scope = ast.FunctionDef | ast.AsyncFunctionDef | None


class Float64FromNumpy:
    """Runs after AB410 (a float64 value promoting float32 work: a loop it names is its)."""

    rule = RULES["AB401"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        conversions = _conversions(sf.tree)
        if not conversions:
            return
        told: set[int] = set()
        for lp in _outer_loops(sf):
            if a.led.span(sf.path, lp.line, lp.end) / a.total < LIST_SHARE:
                continue
            # (an AB410 in the loop, or in a function it calls, names the same float64 value
            # where it meets the float32 work, and its fix is this one: blind81's mycelium
            # model, its cost listed at the conversion and again at the callee's line)
            reach = reached(sf, [(lp.line, lp.end)], 3)
            if any(
                f.path == sf.path
                and f.code == "AB410"
                and any(lo <= f.line <= hi for lo, hi in reach)
                for f in a.found.values()
            ):
                continue
            spans, names = _float64_work(a, sf, lp)
            if not spans:
                continue
            lines = _traced(sf, names, conversions)
            lines -= told
            if not lines:
                continue
            f = self._priced(a, sf, lp, spans, min(lines), conversions)
            if f is not None:
                told |= lines
                yield f

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        lp: Loop,
        spans: list[tuple[str, int, int]],
        at: int,
        conversions: dict[int, ast.Call],
    ) -> Finding | None:
        if (sf.path, at) in a.found:
            return None
        call = conversions[at]
        # (what the run saw given to the conversion, where it looked: NumPy arrays of another
        # dtype, integer labels, are not what made the loop's work float64)
        seen = a.ev.facts_at((sf.path, at))
        given = [
            seen[n] for n in _read(call.args[0]) if n in seen and seen[n].type == "numpy.ndarray"
        ]
        if given and not any(x.dtype == "float64" for x in given):
            return None
        # (a Python number given: torch's default dtype, float32, whatever the loop's work is)
        if isinstance(call.args[0], ast.Name) and getattr(
            seen.get(call.args[0].id), "type", ""
        ) in ("float", "int", "bool"):
            return None
        meets = _meeting_line(sf, at)
        if meets is not None and not any(
            path == sf.path and lo <= meets <= hi for path, lo, hi in spans
        ):
            # (the line where the float64 tensor meets the float32 work is float64 work,
            # whether or not its values were seen: a line of operators only is never looked
            # at; blind85's organ pipes, ``p_next = (...) * self.loss``, most of each step)
            spans = [*spans, (sf.path, meets, meets)]
        work = a.led.union(spans)
        backward = _backward_share(a, sf, lp, spans, work)
        work += backward
        costly = sorted(spans, key=lambda s: -a.led.span(s[0], s[1], s[2], own=True))
        got = None
        for path, lo, hi in costly[:4]:
            got = _ratio_at(a, sf, path, lo, hi, {})
            # (a statement timed as it is; a stand-in on its own arrays may be on a 300-value
            # record of the loop's results, not on the state it works on)
            if got is not None and got[2].startswith("line "):
                break
            got = None
        if got is None:
            # (statements of calls of the file's: a stand-in on a tensor of the largest size
            # seen)
            size = max(
                (x.item_size if x.kind == SEQUENCE else x.size)
                for path, lo, hi in spans
                for xs in looks_at(a, path, lo, hi).values()
                for x in xs
                if _float64_tensors(x)
            )
            big = Fact(TENSOR, "torch.Tensor", "float64", "cpu", (size,))
            priced = stand_in_ratio(a, sf, lp.line, lp.end, big)
            if priced is None:
                return None
            got = (
                0.0,
                priced[0],
                f"{priced[1]} (of the largest float64 tensor the loop's looks saw)",
            )
        _, (mid, low_r, high_r), how = got
        saving = work * (1 - 1 / max(mid, 1.0))
        if mid <= 1.0 or saving / a.total < LIST_SHARE:
            return None
        low = work * (1 - 1 / max(low_r, 1.0))
        high = work * (1 - 1 / max(high_r, 1.0))
        # (told where the tensor meets the float32 work when that is one line: the controller a
        # partial is given the gains for, ``-kp * pos``; the conversion is the fix)
        tell = meets if meets is not None and (sf.path, meets) not in a.found else at
        f, _ = a.finding(sf, tell, self.rule.code)
        made = f" (line {at})" if tell != at else ""
        evidence = (
            f"{ast.unparse(call)}{made} makes torch tensors of NumPy's float64 data (no dtype "
            f"given; torch's default is float32), and the loop at line {lp.line} runs its "
            f"torch work on them in float64: that work takes {format_time(work)} "
            f"({work / a.total:.0%} of the run{_its_backward(backward)}); {how} ran "
            f"{mid:.2f}x as fast in float32 "
            f"(timed after the run on inputs of the seen shapes); make the conversion float32 "
            f"where float32 precision will do: {_with_dtype(call)}"
        )
        return replace(
            f,
            seconds=saving,
            share=saving / a.total,
            evidence=evidence,
            gain=(min(low, saving), max(high, saving)),
        )


def _backward_share(
    a: Analysis, sf: SourceFile, lp: Loop, spans: list[tuple[str, int, int]], work: float
) -> float:
    """The time of the loop's ``.backward()`` lines that differentiates the float64 work: the
    float64 work over the loop's forward time (the loop less its backward lines) of the
    backward lines' time, where a float64 tensor of the work records autograd's graph."""
    if not any(
        _float64_tensors(x) and x.grad
        for path, lo, hi in spans
        for xs in looks_at(a, path, lo, hi).values()
        for x in xs
    ):
        return 0.0
    assert sf.tree is not None
    lines = {
        n.lineno
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Expr)
        and isinstance(n.value, ast.Call)
        and isinstance(n.value.func, ast.Attribute)
        and n.value.func.attr == "backward"
        and lp.line < n.lineno <= lp.end
    }
    backward = sum(a.led.span(sf.path, ln, ln) for ln in lines)
    forward = a.led.span(sf.path, lp.line, lp.end) - backward
    if backward <= 0 or forward <= 0:
        return 0.0
    return backward * min(1.0, work / forward)


def _its_backward(seconds: float) -> str:
    return f", {format_time(seconds)} of it in .backward()" if seconds > 0 else ""


def _meeting_line(sf: SourceFile, at: int) -> int | None:
    """The one line of arithmetic where the tensors a conversion at ``at`` makes are read: by
    the name it is bound to, or as the parameter of the file's function it is handed to (a
    call or a ``functools.partial``), a few hand-overs deep; None where there are several (a
    dict of data read all over a model) or none."""
    assert sf.tree is not None
    st = next(
        (
            s
            for s in walk_tree(sf.tree)
            if isinstance(s, ast.Assign) and s.lineno == at and len(s.targets) == 1
        ),
        None,
    )
    if st is None:
        return None
    defs = {n.name: n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
    parents = {id(c): p for p in walk_tree(sf.tree) for c in ast.iter_child_nodes(p)}
    meets: set[int] = set()
    target = st.targets[0]
    held = _self_attributes(target)
    if held:
        # (an attribute of the object: ``self.drift = torch.from_numpy(...)``, read in a
        # method's arithmetic, ``self.phase + BLOCK * self.step + self.drift``; or through a
        # property that returns it, ``self.kappa * self.laplacian(f)``: blind58's nowcast;
        # several unpacked, ``self.x, self.y = torch.from_numpy(grid)``: blind64's volcano)
        attrs = held | {name for name, attr in returned_attributes(sf.tree).items() if attr in held}
        for n in walk_tree(sf.tree):
            if (
                isinstance(n, ast.Attribute)
                and n.attr in attrs
                # (its own object's, or another's that holds it: ``self.c.ke * self.central``,
                # blind68's cohort rates read by the simulator)
                and isinstance(n.value, ast.Name | ast.Attribute)
                and isinstance(n.ctx, ast.Load)
            ):
                p = parents.get(id(n))
                if isinstance(p, ast.Return) and n.attr in held and len(attrs) > len(held):
                    continue  # (the property's own return)
                if not isinstance(p, ast.BinOp | ast.UnaryOp):
                    return None  # (read otherwise too: handed on, indexed)
                meets.add(n.lineno)
        return meets.pop() if len(meets) == 1 else None
    if not isinstance(target, ast.Name):
        return None
    todo: list[tuple[Scope, str, int]] = [(enclosing_function(sf, at), target.id, 0)]
    seen: set[tuple[int, str]] = set()
    while todo:
        scope, name, depth = todo.pop()
        if (id(scope), name) in seen or depth > 3:
            continue
        seen.add((id(scope), name))
        body = scope.body if scope is not None else sf.tree.body
        for n in (n for top in body for n in ast.walk(top)):
            if not (isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)):
                continue
            p = parents.get(id(n))
            if isinstance(p, ast.BinOp | ast.UnaryOp):
                meets.add(n.lineno)
                continue
            kw = p.arg if isinstance(p, ast.keyword) else None
            if kw is not None:
                p = parents.get(id(p))
            field = _field_of(sf, n, p, kw)
            if field is not None:
                # (a dataclass's field: where the object's field is read in arithmetic,
                # ``t + flux * self.coupling``; blind89's rail corridor)
                for m in walk_tree(sf.tree):
                    if (
                        isinstance(m, ast.Attribute)
                        and m.attr == field
                        and isinstance(m.ctx, ast.Load)
                    ):
                        if not isinstance(parents.get(id(m)), ast.BinOp | ast.UnaryOp):
                            return None
                        meets.add(m.lineno)
                continue
            handed = _handed_to(n, p, kw, defs)
            if handed is not None:
                todo.append((defs[handed[0]], handed[1], depth + 1))
    return meets.pop() if len(meets) == 1 else None


def _self_attributes(target: ast.expr) -> set[str]:
    """The attributes of ``self`` an assignment's target binds: ``self.a`` or ``self.a, self.b``
    (empty where it binds anything else)."""
    parts = target.elts if isinstance(target, ast.Tuple) else [target]
    if all(
        isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
        for t in parts
    ):
        return {t.attr for t in parts if isinstance(t, ast.Attribute)}
    return set()


def _handed_to(
    n: ast.Name, p: ast.AST | None, kw: str | None, defs: dict[str, ast.FunctionDef]
) -> tuple[str, str] | None:
    """The file's function and its parameter that a name is handed to, as a call's or a
    ``functools.partial``'s argument (``kw`` where by keyword)."""
    for call in [p] if isinstance(p, ast.Call) else []:
        partial = call_name(call) == "partial" and bool(call.args)
        func = call.args[0] if partial else call.func
        if not isinstance(func, ast.Name) or func.id not in defs:
            return None
        params = [a.arg for a in defs[func.id].args.args]
        if kw is not None:
            return (func.id, kw) if kw in params else None
        args = call.args[1:] if partial else call.args
        if n in args and args.index(n) < len(params):
            return func.id, params[args.index(n)]
    return None


def _with_dtype(call: ast.Call) -> str:
    if call_name(call) == "from_numpy":
        # (``torch.from_numpy`` takes no dtype: it shares NumPy's memory)
        return f"{ast.unparse(call)}.float()"
    fixed = ast.Call(
        func=call.func,
        args=call.args,
        keywords=[
            *call.keywords,
            ast.keyword(arg="dtype", value=ast.Attribute(value=ast.Name("torch"), attr="float32")),
        ],
    )
    return ast.unparse(fixed)


def _conversions(tree: ast.Module) -> dict[int, ast.Call]:
    """The file's conversions of data to torch tensors with no dtype and no cast after, by
    line: ``torch.as_tensor(v)``, not ``torch.tensor([0.1, 0.2])`` or ``torch.tensor(-0.4)`` of
    numbers written out (torch's default dtype) nor ``torch.from_numpy(a).float()``."""
    cast: set[int] = set()
    for n in walk_tree(tree):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in CASTS
            and isinstance(n.func.value, ast.Call)
            and (n.func.attr not in ("to", "type") or _gives_dtype(n))
        ):
            cast.add(id(n.func.value))
    out: dict[int, ast.Call] = {}
    for n in walk_tree(tree):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id == "torch"
            and n.func.attr in CONVERSIONS
            and n.args
            and not isinstance(n.args[0], ast.List | ast.Tuple | ast.Constant | ast.ListComp)
            # (``torch.tensor(-0.4)``: a number written out, torch's default dtype too)
            and not (
                isinstance(n.args[0], ast.UnaryOp) and isinstance(n.args[0].operand, ast.Constant)
            )
            and not any(k.arg == "dtype" for k in n.keywords)
            and id(n) not in cast
        ):
            out.setdefault(n.lineno, n)
    return out


def _gives_dtype(call: ast.Call) -> bool:
    """Whether ``x.to(...)`` / ``x.type(...)`` may change the dtype: a ``dtype=``, a float
    dtype of torch's, a tensor's ``.dtype`` or a name that says dtype; not ``.to(device)``,
    ``.to("cuda")``."""
    if any(k.arg == "dtype" for k in call.keywords):
        return True
    for arg in call.args:
        if isinstance(arg, ast.Attribute) and (arg.attr in FLOAT_DTYPES or arg.attr == "dtype"):
            return True
        if isinstance(arg, ast.Name) and "type" in arg.id.lower():
            return True
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and "float" in arg.value:
            return True
    return False


def _outer_loops(sf: SourceFile) -> list[Loop]:
    """The file's loops that no loop of the same function holds (comprehensions left out)."""
    loops = [lp for lp in sf.loops if not lp.comprehension]
    return [
        lp
        for lp in loops
        if not any(
            o is not lp
            and o.line < lp.line <= o.end
            and sf.functions.get(o.line, "") == sf.functions.get(lp.line, "")
            for o in loops
        )
    ]


def _float64_work(
    a: Analysis, sf: SourceFile, lp: Loop
) -> tuple[list[tuple[str, int, int]], dict[int, set[str]]]:
    """The statements of the loop and of the file's functions it calls (two calls deep) where
    the run saw a float64 tensor of SIZE_MIN elements or more, and those tensors' names by
    statement."""
    regions = reached(sf, [(lp.line, lp.end)], 2)
    seen: set[int] = set()
    found: dict[int, tuple[int, set[str]]] = {}
    for lo, hi in regions:
        found |= holding(a, sf, lo, hi, lambda n, x: _float64_tensors(x), seen)
    spans = [(sf.path, first, last) for first, (last, _) in found.items()]
    return spans, {first: names for first, (_, names) in found.items()}


def _float64_tensors(x: Fact) -> bool:
    """A float64 tensor of SIZE_MIN elements or more, or a tuple or list of them (a
    simulation's ``state`` handed to its step, whose own lines of operators the sampler seldom
    sees: their signal is handled back at the loop)."""
    if x.kind == SEQUENCE:
        return x.item == TENSOR and x.item_dtype == "float64" and x.item_size >= SIZE_MIN
    return x.type == "torch.Tensor" and x.dtype == "float64" and x.size >= SIZE_MIN


def _traced(
    sf: SourceFile, names: dict[int, set[str]], conversions: dict[int, ast.Call]
) -> set[int]:
    """The conversion lines the float64 tensors' names lead back to."""
    assert sf.tree is not None
    found: set[int] = set()
    seen: set[tuple[int, str]] = set()
    todo: list[tuple[Scope, str, int]] = []
    for line, ns in names.items():
        scope = enclosing_function(sf, line)
        todo += [(scope, n, 0) for n in ns]
    while todo:
        scope, name, depth = todo.pop()
        key = (id(scope), name)
        if key in seen or depth > TRACE_DEPTH:
            continue
        seen.add(key)
        for where, value in _sources(sf, scope, name):
            for c in ast.walk(value):
                if (
                    isinstance(c, ast.Call)
                    and c.lineno in conversions
                    and conversions[c.lineno] is c
                ):
                    found.add(c.lineno)
            todo += [(where, n, depth + 1) for n in _read(value)]
            # (an item of an object of the file's classes, ``ds[i]``: what its
            # ``__getitem__`` returns, ``seg * self.taper``; what a method of theirs called
            # returns, ``sim.step()``: ``self.central / self.c.volume``)
            for got in _items_of(sf, value) + _methods_called(sf, value):
                todo += [(got, n, depth + 1) for r in _returns(got) for n in _read(r)]
    return found


def _methods_called(sf: SourceFile, value: ast.AST) -> list[ast.FunctionDef]:
    """The methods of the file's classes an expression calls on an object (``sim.step()``), by
    name (not ``self``'s own: its statements are the loop's callees already)."""
    assert sf.tree is not None
    names = {
        n.func.attr
        for n in ast.walk(value)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and not (isinstance(n.func.value, ast.Name) and n.func.value.id == "self")
    }
    if not names:
        return []
    return [
        m
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.ClassDef)
        for m in c.body
        if isinstance(m, ast.FunctionDef) and m.name in names and not m.name.startswith("__")
    ]


def _items_of(sf: SourceFile, value: ast.AST) -> list[ast.FunctionDef]:
    """The ``__getitem__`` methods an expression's subscripts run: ``ds[i]`` of ``ds =
    WindowDataset(...)``, a class of the file's that defines one."""
    assert sf.tree is not None
    classes = {
        c.name: m
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.ClassDef)
        for m in c.body
        if isinstance(m, ast.FunctionDef) and m.name == "__getitem__"
    }
    if not classes:
        return []
    made = {
        t.id: call_name(st.value)
        for st in walk_tree(sf.tree)
        if isinstance(st, ast.Assign) and isinstance(st.value, ast.Call)
        for t in st.targets
        if isinstance(t, ast.Name)
    }
    return [
        classes[made[n.value.id]]
        for n in ast.walk(value)
        if isinstance(n, ast.Subscript)
        and isinstance(n.value, ast.Name)
        and made.get(n.value.id) in classes
    ]


def _returns(fn: ast.FunctionDef) -> list[ast.expr]:
    return [r.value for r in ast.walk(fn) if isinstance(r, ast.Return) and r.value is not None]


def _read(value: ast.AST) -> set[str]:
    """The names and ``self.`` attributes an expression reads (comprehensions' own names too:
    their sources are the iterables')."""
    out: set[str] = set()
    called = {id(n.func) for n in ast.walk(value) if isinstance(n, ast.Call)}
    for n in ast.walk(value):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
            out.add(f"self.{n.attr}")
        elif (
            isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Attribute | ast.Name)
            and isinstance(n.ctx, ast.Load)
            and id(n) not in called
        ):
            # (another object's attribute, ``self.c.ke`` or ``chain.friction``: what any class
            # of the file sets as ``self.ke``, blind68's cohort rates, blind72's chain)
            out.add(f"self.{n.attr}")
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id != "self":
            out.add(n.id)
    return out


def _dataclass_fields(sf: SourceFile) -> dict[str, list[str]]:
    """The file's dataclasses, each with its annotated fields in order."""
    assert sf.tree is not None
    return _fields_of(sf.tree)


@lru_cache(maxsize=64)
def _fields_of(tree: ast.Module) -> dict[str, list[str]]:
    """:func:`_dataclass_fields` of a file's tree (read for every name a conversion's value is
    handed on by: once a tree)."""
    return {
        cls.name: [
            st.target.id
            for st in cls.body
            if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)
        ]
        for cls in walk_tree(tree)
        if isinstance(cls, ast.ClassDef)
        and any("dataclass" in ast.unparse(d) for d in cls.decorator_list)
    }


def _field_of(sf: SourceFile, n: ast.expr, call: ast.AST | None, kw: str | None) -> str | None:
    """The field of the file's dataclass that a constructor call passes ``n`` for."""
    if not isinstance(call, ast.Call):
        return None
    fields = _dataclass_fields(sf).get(call_name(call))
    if not fields:
        return None
    if kw is not None:
        return kw if kw in fields else None
    at = next((i for i, x in enumerate(call.args) if x is n), None)
    return fields[at] if at is not None and at < len(fields) else None


def _field_arguments(sf: SourceFile, attr: str) -> list[tuple[Scope, ast.AST]]:
    """The arguments the file's calls of a dataclass pass for its field ``attr`` (by position
    in the order of its annotated fields, or by name), each with the scope of the call."""
    assert sf.tree is not None
    out: list[tuple[Scope, ast.AST]] = []
    for name, fields in _dataclass_fields(sf).items():
        if attr not in fields:
            continue
        at = fields.index(attr)
        for c in walk_tree(sf.tree):
            if not (isinstance(c, ast.Call) and call_name(c) == name):
                continue
            given = [k.value for k in c.keywords if k.arg == attr]
            if not given and at < len(c.args):
                given = [c.args[at]]
            out += [(enclosing_function(sf, c.lineno), g) for g in given]
    return out


def _sources(sf: SourceFile, scope: Scope, name: str) -> list[tuple[Scope, ast.AST]]:
    """What a name (in a function, or the module's code) or an object's attribute is made of:
    the values assigned to it, and for a parameter the arguments its calls pass, each with the
    scope it is read in."""
    assert sf.tree is not None
    out: list[tuple[Scope, ast.AST]] = []
    if name.startswith("self."):
        attr = name[5:]
        for fn in walk_tree(sf.tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for st in ast.walk(fn):
                if isinstance(st, ast.Assign | ast.AnnAssign) and st.value is not None:
                    targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                    if any(_assigns(t, "self", attr) for t in targets):
                        out.append((fn, st.value))
        # (and set on an object from outside, ``chain.v = chain.v + dt * (f - chain.friction
        # * chain.v)`` in a function the loop calls: blind72's Langevin chain)
        out.extend(
            (enclosing_function(sf, st.lineno), st.value)
            for st in walk_tree(sf.tree)
            if isinstance(st, ast.Assign)
            and any(
                isinstance(t, ast.Attribute)
                and t.attr == attr
                and isinstance(t.value, ast.Name)
                and t.value.id != "self"
                for t in st.targets
            )
        )
        # (a dataclass's field, set by the arguments its constructor is called with:
        # ``Corridor(temp, coupling)``, blind89's rail corridor)
        out.extend(_field_arguments(sf, attr))
        return out
    # (the module's own code: not the bodies of its functions and classes)
    body = (
        list(scope.body)
        if scope is not None
        else [
            s
            for s in sf.tree.body
            if not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        ]
    )
    for st in (s for top in body for s in ast.walk(top)):
        if isinstance(st, ast.Assign | ast.AnnAssign | ast.AugAssign) and st.value is not None:
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            if any(_binds(t, name) for t in targets):
                out.append((scope, st.value))
    if scope is not None and name in [p.arg for p in scope.args.args]:
        k = [p.arg for p in scope.args.args].index(name)
        method = bool(scope.args.args) and scope.args.args[0].arg == "self"
        for call, caller in _calls_of(sf, scope):
            # (a method's own ``self`` is not among the call's arguments; a class's
            # ``__init__`` is called by the class's name)
            pos = k - 1 if method else k
            arg = next((kw.value for kw in call.keywords if kw.arg == name), None)
            if arg is None and 0 <= pos < len(call.args):
                arg = call.args[pos]
            if arg is not None:
                out.append((caller, arg))
    return out


def _assigns(target: ast.expr, obj: str, attr: str) -> bool:
    return any(
        isinstance(t, ast.Attribute)
        and t.attr == attr
        and isinstance(t.value, ast.Name)
        and t.value.id == obj
        for t in ast.walk(target)
    )


def _binds(target: ast.expr, name: str) -> bool:
    return any(isinstance(t, ast.Name) and t.id == name for t in ast.walk(target))


def _calls_of(
    sf: SourceFile, fn: ast.FunctionDef | ast.AsyncFunctionDef
) -> list[tuple[ast.Call, Scope]]:
    """The file's calls of a function or method (by name; ``__init__`` by its class's name),
    each with the function it is made in."""
    assert sf.tree is not None
    names = {fn.name}
    if fn.name == "__init__":
        names = {c.name for c in walk_tree(sf.tree) if isinstance(c, ast.ClassDef) and fn in c.body}
    return [
        (c, enclosing_function(sf, c.lineno))
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.Call) and call_name(c) in names
    ]


PATTERN = Float64FromNumpy()
