"""What a value of AB410 (float64_promotion.py) is, where the run did not see it: a property's
or a function's formula made again after the run on the values seen (or given at the call, or
the numbers the file gives an attribute), a local a function makes the same way at every call,
an argument its callers pass, the state an object keeps; and which values promote float32 work.
"""

from __future__ import annotations

import ast
import builtins
import copy
import itertools
import sys
from dataclasses import replace

from ...read.calls import argument, called_bodies, calls_of, properties
from ...read.purity import PURE_CALLS, attribute_changed, pure_functions, pure_getters
from ...read.source import SourceFile, enclosing_function, stored_in
from ...read.syntax import (
    assigned_pairs,
    bound_names,
    imported_names,
    maker_of,
    one_return,
    parameter_names,
    walk_tree,
)
from ...run.evaluate import expression_fact
from ...run.values import SCALAR, Fact, is_array
from .base import Analysis
from .float64_sources import _made_at, _made_float32, _made_in_init
from .invariant_inputs import _made_once

#: Elements of an array below which its dtype costs next to nothing.
SIZE_MIN = 1024


def _numpy2() -> bool:
    np = sys.modules.get("numpy")
    try:
        return np is not None and int(str(np.__version__).split(".")[0]) >= 2
    except ValueError:
        return False


def promotes(f: Fact) -> bool:
    """A float64 value that makes float32 arrays float64 in an operation with them: a float64
    array or tensor (not 0-d), or a NumPy float64 scalar under NumPy 2's rules."""
    if is_array(f):
        return f.dtype == "float64" and bool(f.shape)
    # (a numpy.float64 is a Python float too: its fact has its type, not always its dtype)
    numpy64 = f.type == "numpy.float64" or (f.type.startswith("numpy.") and f.dtype == "float64")
    return f.kind == SCALAR and numpy64 and _numpy2()


def _big(f: Fact, dtype: str) -> bool:
    return is_array(f) and f.dtype == dtype and f.size >= SIZE_MIN


def _imports(sf: SourceFile) -> dict[str, str]:
    """The file's top-level module aliases (``np`` -> ``numpy``)."""
    return imported_names(sf.tree, everywhere=False) if sf.tree is not None else {}


def _constant_attributes(sf: SourceFile) -> dict[str, Fact]:
    """Attributes the file sets only to one kind of Python number, anywhere (``self.dt =
    0.01``, ``self.n, self.dt = 300, 0.01``, a dataclass's ``dt: float = 0.01``, a parameter of
    ``__init__`` with a number for its default), as facts of that number's type."""
    kinds: dict[str, set[str]] = {}
    if sf.tree is None:
        return {}

    def note(attr: str, value: ast.expr | None) -> None:
        t = (
            type(value.value).__name__
            if isinstance(value, ast.Constant) and type(value.value) in (int, float)
            else "?"
        )
        kinds.setdefault(attr, set()).add(t)

    # (``self.decay = decay`` in ``__init__(self, ..., decay=60.0)``: the default's number)
    defaults: dict[int, dict[str, ast.expr]] = {}
    for fn in walk_tree(sf.tree):
        if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
            args = fn.args.args[len(fn.args.args) - len(fn.args.defaults) :]
            named = {p.arg: d for p, d in zip(args, fn.args.defaults, strict=True)}
            for st in ast.walk(fn):
                defaults[id(st)] = named
    for n in walk_tree(sf.tree):
        if isinstance(n, ast.Assign):
            for target, value in assigned_pairs(n):
                if isinstance(target, ast.Attribute):
                    default = (
                        defaults.get(id(n), {}).get(value.id)
                        if isinstance(value, ast.Name)
                        else None
                    )
                    note(target.attr, default if default is not None else value)
        elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Attribute):
            note(n.target.attr, None)
        elif isinstance(n, ast.ClassDef):
            for st in n.body:
                if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                    note(st.target.id, st.value)
    return {
        attr: Fact(kind=SCALAR, type=next(iter(ts)))
        for attr, ts in kinds.items()
        if len(ts) == 1 and "?" not in ts
    }


def _getter(sf: SourceFile, name: str, owner: str | None = None) -> ast.Return | None:
    """The ``return`` of the file's property ``name`` whose getter is pure and one formula (of
    the class ``owner`` only, where given)."""
    if sf.tree is None or name not in pure_getters(sf):
        return None
    scope: ast.AST = sf.tree
    if owner is not None:
        cls = next(
            (n for n in walk_tree(sf.tree) if isinstance(n, ast.ClassDef) and n.name == owner),
            None,
        )
        if cls is None or name not in properties(cls):
            return None
        scope = cls
    return one_return(
        next(
            (n for n in ast.walk(scope) if isinstance(n, ast.FunctionDef) and n.name == name),
            None,
        )
    )


def _getter_return(sf: SourceFile, name: str) -> tuple[int, str] | None:
    """The line and formula of the file's property ``name`` whose getter is one ``return``."""
    ret = _getter(sf, name)
    if ret is None or ret.value is None:
        return None
    return ret.lineno, ast.unparse(ret.value)


def _same_each_call(
    sf: SourceFile, name: str, line: int, lo: int, hi: int, callers: list[tuple[int, int]] | None
) -> bool:
    """Whether ``name``, a local of a function a loop calls (its lines ``lo``-``hi``), is made
    once above ``line`` from values that stay from one call to the next: the object's
    attributes no method the loop runs changes, or its pure properties (``ru, rv, f, fk =
    self.rates``, a getter returning ``np.float64(p.du * p.dt)``), constants and modules. A
    float64 the loop does not change, like one made before it."""
    if callers is None or sf.tree is None:
        return False
    fn = next(
        (
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.FunctionDef) and n.lineno <= lo <= (n.end_lineno or n.lineno)
        ),
        None,
    )
    if fn is None:
        return False
    params = {p.arg for p in fn.args.args}
    props = properties(sf.tree)
    getters = pure_getters(sf)

    def stored(m: str) -> bool:
        if m.startswith("self."):
            attr = m[5:].split(".", 1)[0]
            if attr in props:
                return attr not in getters
            return any(
                attribute_changed(sf, attr, c_lo, c_hi, PURE_CALLS)
                for c_lo, c_hi in [(lo, hi), *callers]
            )
        return m in params or stored_in(sf, m, lo, hi)

    return _made_once(sf, name, line, stored, pure_functions(sf), frozenset())


def _stored_as_attribute(sf: SourceFile, name: str, after: int, last: int) -> list[str]:
    """The attributes of ``self`` the lines after ``after`` (to ``last``) assign ``name`` to:
    ``self.u`` of ``self.u = u_new`` or ``self.u_prev, self.u = self.u, u_new``."""
    if sf.tree is None or "." in name:
        return []
    out = []
    for node in walk_tree(sf.tree):
        if not isinstance(node, ast.Assign) or not after < node.lineno <= last:
            continue
        for t, v in assigned_pairs(node):
            if (
                isinstance(v, ast.Name)
                and v.id == name
                and isinstance(t, ast.Attribute)
                and isinstance(t.value, ast.Name)
                and t.value.id == "self"
            ):
                out.append(f"self.{t.attr}")
    return out


def _unpacked_from(sf: SourceFile, name: str, line: int) -> tuple[int, str, int] | None:
    """Where the function holding ``line`` unpacks ``name`` from a tuple above it: the line,
    its text, and the line of the ``return`` of the property it reads (0 where it reads
    none): ``ru, rv, f, fk = self.rates``."""
    if sf.tree is None:
        return None
    func = sf.functions.get(line, "")
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, ast.Assign)
            and node.lineno < line
            and sf.functions.get(node.lineno, "") == func
            and any(
                isinstance(t, ast.Tuple)
                and any(isinstance(e, ast.Name) and e.id == name for e in t.elts)
                for t in node.targets
            )
        ):
            getter = 0
            v = node.value
            if isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name):
                fn = next(
                    (
                        f
                        for f in walk_tree(sf.tree)
                        if isinstance(f, ast.FunctionDef) and f.name == v.attr
                    ),
                    None,
                )
                returns = (
                    [r for r in ast.walk(fn) if isinstance(r, ast.Return)]
                    if fn is not None and v.attr in pure_getters(sf)
                    else []
                )
                getter = returns[0].lineno if len(returns) == 1 else 0
            return node.lineno, sf.text(node.lineno).strip(), getter
    return None


def _through_local(sf: SourceFile, made: tuple[int, str]) -> tuple[int, str]:
    """Where a value set from a local name (``self.u = u0``) was made: that local's line above
    (``u0 = np.exp(...).astype(np.float32)``), or the value itself."""
    line, value = made
    if value.isidentifier():
        inner = _made_at(sf, value, line)
        if inner is not None:
            return inner
    return made


def _passed_float32(
    a: Analysis, sf: SourceFile, line: int, names: list[str]
) -> list[tuple[str, Fact]]:
    """The parameters among ``names`` of the function holding ``line`` whose argument, where
    the file calls it, the run saw as a float32 array of SIZE_MIN elements or more."""
    if sf.tree is None:
        return []
    func = sf.functions.get(line, "")
    fn = next(
        (
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.FunctionDef)
            and n.name == func.rsplit(".", 1)[-1]
            and n.lineno <= line <= (n.end_lineno or n.lineno)
        ),
        None,
    )
    if fn is None:
        return []
    params = [p.arg for p in fn.args.args]
    method = params[:1] == ["self"]
    out: list[tuple[str, Fact]] = []
    calls = calls_of(sf, fn.name, method) or _stacked_calls(a, sf, fn, params)
    for n in names:
        if n not in params:
            continue
        for c in calls:
            arg = argument(c, params, n, method)
            seen = a.ev.facts_at((sf.path, c.lineno)).get(ast.unparse(arg)) if arg else None
            if seen is None:
                # (all the looks of the calling line: an argument recorded under its name)
                seen_all = a.ev.samples.facts.get((sf.path, c.lineno), {}).get(
                    ast.unparse(arg) if arg else "", []
                )
                seen = next((x for x in seen_all if _big(x, "float32")), None)
            if seen is not None and _big(seen, "float32"):
                out.append((n, seen))
                break
            # (or made float32 before the calling loop and seen float64 in it only: every
            # look fell after its first step, ``u = noisy.astype(np.float32)`` then ``u =
            # model.update(u, it)``)
            loops = sf.enclosing_loops(c.lineno)
            made = (
                _made_at(sf, arg.id, loops[0].line) if loops and isinstance(arg, ast.Name) else None
            )
            if seen is not None and _big(seen, "float64") and made and _made_float32(made[1]):
                out.append((n, replace(seen, dtype="float32")))
                break
    return out


def _stacked_calls(
    a: Analysis, sf: SourceFile, fn: ast.FunctionDef, params: list[str]
) -> list[ast.Call]:
    """Where the file names no call of ``fn`` (a closure kept in a dict, ``hooks["cooling"](
    temp)``: blind124's winery), the calls on the lines its sampled stacks show calling it
    that pass as many arguments as it takes and call none of the file's functions by name."""
    lo, hi = fn.lineno, fn.end_lineno or fn.lineno
    lines: set[int] = set()
    for stack, _off, _on in a.led.stacks:
        for inner, outer in itertools.pairwise(stack):
            if inner[0] == sf.path and lo <= abs(inner[1]) <= hi and outer[0] == sf.path:
                lines.add(abs(outer[1]))
                break
    named = (
        {n.name for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
        if sf.tree is not None
        else set()
    )
    named |= set(dir(builtins))
    out = []
    for line in sorted(lines):
        got = [
            c
            for c in sf.calls_on(line)
            if len(c.args) == len(params)
            and not c.keywords
            and not (isinstance(c.func, ast.Name) and c.func.id in named)
            and not isinstance(c.func, ast.Attribute)
        ]
        if len(got) == 1:
            out.append(got[0])
    return out


def _one_return_named(sf: SourceFile, name: str) -> tuple[ast.FunctionDef, ast.Return] | None:
    """The file's one function (or method) of that name whose body is one ``return`` of a
    value, and that ``return``."""
    if sf.tree is None:
        return None
    fns = [n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == name]
    ret = one_return(fns[0]) if len(fns) == 1 else None
    return (fns[0], ret) if ret is not None and ret.value is not None else None


def _returns_of(sf: SourceFile, call_text: str) -> tuple[int, str] | None:
    """The line and formula of the one ``return`` of the file's function a call's text names
    (``self.step_size(it)``)."""
    got = _one_return_named(sf, call_text.split("(", 1)[0].rsplit(".", 1)[-1])
    if got is None:
        return None
    ret = got[1]
    assert ret.value is not None
    return ret.lineno, ast.unparse(ret.value)


def _returned_fact(a: Analysis, sf: SourceFile, call: ast.Call) -> Fact | None:
    """What a call of the file's function (or method of ``self``) returns, where its body is one
    ``return`` of a formula of its parameters and the object's attributes: the formula made
    again after the run on the values seen there, or passed at the call (a ``numpy.float64``
    for ``self.step_size(it)`` of ``return self.base_step * np.exp(-it / self.decay)``)."""
    f = call.func
    if isinstance(f, ast.Name):
        name, method = f.id, False
    elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self":
        name, method = f.attr, True
    else:
        return None
    got = _one_return_named(sf, name)
    if got is None or call.keywords:
        return None
    fn, ret = got
    params = [p.arg for p in fn.args.args][1 if method else 0 :]
    at_call = a.ev.facts_at((sf.path, call.lineno))
    given = {
        p: x
        for p, arg in zip(params, call.args, strict=False)
        if (x := at_call.get(ast.unparse(arg))) is not None
    }
    return _formula_fact(a, sf, ret, given)


def _property_fact(a: Analysis, sf: SourceFile, name: str, owner: str | None = None) -> Fact | None:
    """The value of the file's property ``name`` (of the class ``owner``, where given) as a
    fact, where its getter is pure and one ``return`` of a formula of the object's attributes
    (one or two levels down) whose values the run saw at the getter's line: the formula
    evaluated after the run on values like those."""
    ret = _getter(sf, name, owner)
    if ret is None or ret.value is None:
        return None
    return _formula_fact(a, sf, ret, {})


def _held_owner(dotted: str, looks: dict[str, list[Fact]]) -> tuple[str, str] | None:
    """The file's class of the object holding the attribute ``dotted`` (``self.scenario`` of
    ``self.scenario.overlay``, seen as a ``__main__.MacroScenario``) and the attribute's name."""
    holder, _, name = dotted.rpartition(".")
    types = {f.type for f in looks.get(holder, [])}
    if not holder or len(types) != 1:
        return None
    module, _, owner = next(iter(types)).rpartition(".")
    if module != "__main__" or not owner:
        return None
    return owner, name


def held_property_fact(
    a: Analysis, sf: SourceFile, dotted: str, looks: dict[str, list[Fact]]
) -> Fact | None:
    """The value of a property of another object of the file's classes (``self.scenario.overlay``
    or ``p.overlay``, the object seen at the line as a ``__main__.MacroScenario``), made after
    the run as :func:`_property_fact` makes one of ``self``'s."""
    held = _held_owner(dotted, looks)
    return _property_fact(a, sf, held[1], held[0]) if held is not None else None


def property_return(
    sf: SourceFile, dotted: str, looks: dict[str, list[Fact]]
) -> tuple[int, str] | None:
    """The line and formula of the getter of ``dotted``: a property of ``self``'s
    (``self.rate``) or of another object of the file's classes (``self.scenario.overlay``)."""
    if dotted.count(".") == 1 and dotted.startswith("self."):
        return _getter_return(sf, dotted[5:])
    held = _held_owner(dotted, looks)
    if held is None:
        return None
    ret = _getter(sf, held[1], held[0])
    if ret is None or ret.value is None:
        return None
    return ret.lineno, ast.unparse(ret.value)


def _formula_fact(
    a: Analysis, sf: SourceFile, ret: ast.Return, given: dict[str, Fact]
) -> Fact | None:
    """A ``return``'s formula evaluated after the run on values like those seen at its line (or
    ``given``, by name), the object's attributes as seen there or, where no look fell on its
    one fast line, a number the file gives that attribute and nothing else (``dt: float =
    0.01``, ``self.decay = decay`` of a default ``decay=60.0``)."""
    assert ret.value is not None
    facts = {**given, **a.ev.facts_at((sf.path, ret.lineno))}
    inputs: dict[str, Fact] = {}
    constants = _constant_attributes(sf)

    class Named(ast.NodeTransformer):
        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            dotted = ast.unparse(node)
            seen = facts.get(dotted) or (
                constants.get(node.attr) if dotted.startswith("self.") else None
            )
            if dotted.startswith("self.") and seen is not None:
                key = dotted.replace(".", "_")
                inputs[key] = seen
                return ast.copy_location(ast.Name(key, ast.Load()), node)
            return self.generic_visit(node)

        def visit_Name(self, node: ast.Name) -> ast.AST:
            seen = facts.get(node.id)
            if seen is not None and seen.type != "module":
                inputs[node.id] = seen
            return node

    expr = Named().visit(copy.deepcopy(ret.value))
    if any(isinstance(n, ast.Name) and n.id == "self" for n in ast.walk(expr)):
        return None  # an attribute whose value the run did not see
    return expression_fact(ast.unparse(expr), inputs, _imports(sf))


def closure_fact(a: Analysis, sf: SourceFile, line: int, name: str) -> Fact | None:
    """The value of ``name``, a variable of the function that makes the closure holding
    ``line`` (``k = base * drag_scatter`` in ``make_drag``, read by the ``drag`` it returns),
    assigned once there from its parameters: the formula evaluated after the run on the
    arguments seen where the file calls the maker, or its defaults (blind113's sight marks, a
    float64 drag factor in a float32 flight, never looked at on the closure's lines)."""
    inner = enclosing_function(sf, line)
    outer = maker_of(sf.tree, inner) if inner is not None else None
    if inner is None or outer is None or name in bound_names(inner) | parameter_names(inner):
        return None
    made = [
        n
        for n in ast.walk(outer)
        if isinstance(n, ast.Assign | ast.AugAssign | ast.AnnAssign)
        and any(isinstance(t, ast.Name) and t.id == name for t in ast.walk(n))
    ]
    if len(made) != 1 or not isinstance(made[0], ast.Assign) or made[0].lineno > inner.lineno:
        return None
    value = made[0].value
    params = [p.arg for p in outer.args.args]
    defaults = dict(
        zip(params[len(params) - len(outer.args.defaults) :], outer.args.defaults, strict=True)
    )
    calls = calls_of(sf, outer.name)
    inputs: dict[str, Fact] = {}
    for n in {x.id for x in ast.walk(value) if isinstance(x, ast.Name)}:
        if n not in params:
            continue
        seen = {
            repr(x): x
            for c in calls
            if (arg := argument(c, params, n, False)) is not None
            and (x := _seen_near(a, sf, c.lineno, ast.unparse(arg))) is not None
        }
        if len(seen) == 1:
            inputs[n] = next(iter(seen.values()))
        elif not seen and isinstance(defaults.get(n), ast.Constant) and calls:
            continue  # (a default: left in the formula as its literal)
        else:
            return None

    class Defaults(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            d = defaults.get(node.id)
            if node.id not in inputs and isinstance(d, ast.Constant):
                return ast.copy_location(ast.Constant(d.value), node)
            return node

    expr = Defaults().visit(copy.deepcopy(value))
    return expression_fact(ast.unparse(expr), inputs, _imports(sf))


def _seen_near(a: Analysis, sf: SourceFile, line: int, name: str) -> Fact | None:
    """``name`` as the run saw it at ``line``, or (a line run once, never looked at: ``drag =
    make_drag(scatter)``) at the other lines of its function, where it was seen one way only
    and is bound once."""
    x = a.ev.facts_at((sf.path, line)).get(name)
    if x is not None or not name.isidentifier():
        return x
    scope = sf.functions.get(line, "")
    lines = [ln for ln, fn in sf.functions.items() if fn == scope]
    if sum(1 for ln in lines if stored_in(sf, name, ln, ln)) > 1:
        return None
    seen = {repr(y): y for ln in lines if (y := a.ev.facts_at((sf.path, ln)).get(name)) is not None}
    return next(iter(seen.values())) if len(seen) == 1 else None


def looks_at(a: Analysis, path: str, first: int, last: int) -> dict[str, list[Fact]]:
    """Every look's facts on those lines, by name (a function's last line of operators: its
    globals too, seen from its callers' frames)."""
    out: dict[str, list[Fact]] = {}
    for ln in range(first, last + 1):
        for name, facts in a.ev.samples.facts.get((path, ln), {}).items():
            out.setdefault(name, []).extend(facts)
        # (a function's last line of operators: its globals, seen from its callers' frames)
        for name, facts in a.ev.samples.facts.get((path, -ln), {}).items():
            if name not in out:
                out[name] = list(facts)
    return out


def promoted_state(
    a: Analysis,
    sf: SourceFile,
    lo: int,
    hi: int,
    callers: list[tuple[int, int]],
) -> tuple[str, tuple[int, str], list[Fact]] | None:
    """The object's state (``self.pos``) that ``__init__`` makes float32 (SIZE_MIN elements
    or more), that the method's lines (``lo``-``hi``) change, and that the run saw float64
    in the method, the file's functions it calls or the loop: its name, where it is made,
    and its facts as seen (float32 first, where a look saw it so)."""
    assert sf.tree is not None
    regions = [(lo, hi), *callers]
    everywhere = regions + called_bodies(sf, regions)
    stored = {
        f"self.{t.attr}"
        for node in walk_tree(sf.tree)
        if isinstance(node, ast.Assign) and lo <= node.lineno <= hi
        for target in node.targets
        for t in (target.elts if isinstance(target, ast.Tuple) else [target])
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    }
    for attr in sorted(stored):
        made = _made_in_init(sf, attr)
        if made is None or not _made_float32(made[1]):
            continue
        facts = [
            x
            for c_lo, c_hi in everywhere
            for ln in range(c_lo, c_hi + 1)
            for x in looks_at(a, sf.path, ln, ln).get(attr, [])
        ]
        if any(_big(x, "float64") for x in facts):
            facts.sort(key=lambda x: x.dtype != "float32")
            if not _big(facts[0], "float32"):
                big = next(x for x in facts if _big(x, "float64"))
                facts.insert(0, replace(big, dtype="float32"))
            return attr, made, facts
    return None


#: Methods whose result keeps its receiver's dtype: a view, a reshape, a copy.
DTYPE_KEEPING = frozenset(
    {
        "unfold", "reshape", "view", "view_as", "transpose", "permute", "flatten", "ravel",
        "squeeze", "unsqueeze", "contiguous", "clone", "copy", "swapaxes", "narrow", "expand",
        "repeat", "flip", "roll", "T", "mT",
    }
)  # fmt: skip


def made_as_view(
    a: Analysis, sf: SourceFile, name: str, lo: int, line: int
) -> tuple[int, str] | None:
    """Where the local ``name`` read at ``line`` was made earlier in the same call (below
    ``lo``, the region's first line) float32 by its own source, or as a view, reshape, copy or
    subscript of an array the run saw float32 there (``frames = audio.unfold(0, n, hop)``):
    that line and value, or None.
    blind170's pitch tracker: ``frames = (frames - frames.mean(...)) * self.window`` looked at
    only after the line had made ``frames`` float64, so no float32 operand was seen on it."""
    made = _made_at(sf, name, line)
    if made is None or made[0] <= lo:
        return None
    if _made_float32(made[1]):
        return made  # (made float32 there: ``z = rng.standard_normal(shape, dtype=np.float32)``)
    try:
        node: ast.expr = ast.parse(made[1], mode="eval").body
    except SyntaxError:
        return None
    while not isinstance(node, ast.Name):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr not in DTYPE_KEEPING:
                return None
            node = node.func.value
        elif (isinstance(node, ast.Attribute) and node.attr in DTYPE_KEEPING) or isinstance(
            node, ast.Subscript
        ):
            node = node.value
        else:
            return None
    seen = a.ev.facts_at((sf.path, made[0])).get(node.id)
    if seen is None:
        # (the making line never looked at: a parameter, as its callers pass it)
        seen = next((f for _, f in _passed_float32(a, sf, made[0], [node.id])), None)
    return made if seen is not None and _big(seen, "float32") else None
