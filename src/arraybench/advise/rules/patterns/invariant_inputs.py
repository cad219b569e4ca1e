"""What AB411 (loop-invariant work, rules/patterns/loop_invariant.py) reads of a statement's
inputs and time: a function that is one formula timed after the run, an argument read for its
shape alone, a property inlined as its formula, a getter's return of operators timed, the
objects of the file's classes that are pure when called, a local made once above a line, and a
loop's entries."""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable
from functools import lru_cache

from ...read.bind import module_namespaces
from ...read.calls import calls_of, properties
from ...read.purity import (
    INIT_METHODS,
    _modules,
    _pure,
    _set_after_init,
    frozen_classes,
    keeps_object,
    module_names,
    pure_getters,
    set_after_init,
)
from ...read.source import Loop, SourceFile, enclosing_function
from ...read.syntax import assigned_pairs, one_return, walk_tree
from ...run.evaluate import expression_time
from ...run.values import Fact, is_array
from .base import Analysis
from .changes import _changed, _inputs
from .expressions import as_names

#: A statement's inputs must hold an array of this many elements.
MIN_ELEMENTS = 64


def _formula_time(
    fn: ast.FunctionDef,
    call: ast.Call,
    facts: dict[str, Fact],
    modules: dict[str, str],
    budget: float,
) -> float | None:
    """Seconds a call of a function that is one ``return <formula>`` takes, the formula timed
    after the run with its parameters bound to values like the arguments seen; None otherwise."""
    ret = one_return(fn)
    if ret is None or ret.value is None:
        return None
    params = [p.arg for p in fn.args.args]
    if len(call.args) != len(params) or call.keywords:
        return None
    inputs: dict[str, Fact] = {}
    for p, arg in zip(params, call.args, strict=True):
        if not isinstance(arg, ast.Name) or arg.id not in facts:
            return None
        inputs[p] = facts[arg.id]
    return expression_time(ast.unparse(ret.value), inputs, modules, budget)


#: What an array's attribute tells of it without its elements.
LAYOUT = frozenset({"shape", "ndim", "dtype", "device"})


def _one_shape(a: Analysis, sf: SourceFile, value: ast.expr, name: str) -> bool:
    """Whether ``value`` reads ``name`` only through its shape (``frame.shape``, ``x.ndim``,
    ``len(x)``)
    and every look of the run at the line saw one shape and dtype: an input that stays."""
    uses = [n for n in ast.walk(value) if isinstance(n, ast.Name) and n.id == name]
    parents = {
        id(n.value): n.attr
        for n in ast.walk(value)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
    }
    # (``len(c)``: its first axis)
    parents.update(
        {
            id(n.args[0]): "shape"
            for n in ast.walk(value)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id == "len"
            and len(n.args) == 1
        }
    )
    if not uses or any(parents.get(id(n)) not in LAYOUT for n in uses):
        return False
    looks = a.ev.samples.facts.get((sf.path, value.lineno), {}).get(name, [])
    return bool(looks) and len({(x.shape, x.dtype) for x in looks}) == 1


def shape_local(a: Analysis, sf: SourceFile, line: int, name: str) -> bool:
    """Whether ``name`` is a local the function assigns once above ``line`` from the shape of
    arrays alone, each of one shape at every look (``n = temps.shape[0]`` of the state a time
    loop carries, 101 values at every step: blind98's print cooling, its conduction matrix
    made and inverted again at each step from ``n`` and constants)."""
    if sf.tree is None or "." in name:
        return False
    func = sf.functions.get(line, "")
    made = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Assign)
        and sf.functions.get(n.lineno, "") == func
        and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
    ]
    if len(made) != 1 or made[0].lineno >= line or len(made[0].targets) != 1:
        return False
    value = made[0].value
    read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name) and n.id != "len"}
    return bool(read) and all(_one_shape(a, sf, value, r) for r in read)


def _inlined(sf: SourceFile, part: ast.expr, line: int) -> tuple[ast.expr, list[int]]:
    """``part`` with each property of the object it reads (``self.system``, in a method of the
    class) replaced by its getter's formula where the getter is one ``return`` of an
    expression (``np.diag(self.masses) + self.dt ** 2 * self.stiffness``), two levels deep;
    and the getters' lines, whose values the run recorded."""
    if sf.tree is None:
        return part, []
    getters = {
        f.name: f
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.ClassDef)
        for f in c.body
        if isinstance(f, ast.FunctionDef) and f.name in properties(sf.tree)
    }
    lines: list[int] = []

    class Inline(ast.NodeTransformer):
        depth = 0

        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            ret = one_return(getters.get(node.attr))
            if (
                not (isinstance(node.value, ast.Name) and node.value.id == "self")
                or ret is None
                or ret.value is None
                or self.depth >= 2
            ):
                return self.generic_visit(node)
            lines.append(ret.lineno)
            self.depth += 1
            out: ast.AST = self.visit(copy.deepcopy(ret.value))
            self.depth -= 1
            return ast.copy_location(out, node)

    if not sf.functions.get(line):
        return part, []
    full = Inline().visit(copy.deepcopy(part))
    return (full, lines) if lines else (part, [])


def _return_time(a: Analysis, sf: SourceFile, node: ast.Return, pure: frozenset[str]) -> float:
    """Seconds a ``return`` of operators only (no call but pure ones) spent in the run: its
    value timed after the run on values like those seen in its function, times its runs;
    0.0 where it cannot be so timed or works on no large array."""
    assert node.value is not None
    names = _inputs(node.value, pure, need_costly=False)
    func = sf.functions.get(node.lineno, "")
    lines = [ln for ln, f in sf.functions.items() if f == func]
    facts = a.ev.facts_in(sf.path, min(lines, default=node.lineno), max(lines, default=0))
    facts = _with_read_sites(a, sf, func, facts)
    if not names or any(m not in facts for m in names):
        return 0.0
    inputs = {m: facts[m] for m in names}
    if not any(is_array(x) and _size(x) >= MIN_ELEMENTS for x in inputs.values()):
        return 0.0
    timed, inputs = as_names(node.value, inputs)
    modules = module_namespaces(sf.tree) if sf.tree is not None else {}
    t = expression_time(ast.unparse(timed), inputs, modules, min(0.3, a.budget()))
    return (t or 0.0) * a.led.count((sf.path, node.lineno)).n


def _with_read_sites(
    a: Analysis, sf: SourceFile, func: str, facts: dict[str, Fact]
) -> dict[str, Fact]:
    """``facts`` and, under them, the values seen where the function ``func`` is called (a
    property's getter: the attributes it reads, recorded where the property is read)."""
    for c in calls_of(sf, func.rsplit(".", 1)[-1], True):
        facts = {**a.ev.facts_at((sf.path, c.lineno)), **facts}
    return facts


def _callables(a: Analysis, sf: SourceFile, line: int) -> frozenset[str]:
    """The object's attributes (``self.kernel``) seen in the function around ``line`` holding
    objects of the file's classes that are pure when called (:func:`frozen_classes`)."""
    frozen = frozen_classes(sf)
    # (and the object's own methods of ``self`` alone that read only attributes no other
    # method changes: ``self.operator()``, the same matrix at every call)
    methods = frozenset(f"self.{m}" for m in pure_getters(sf, methods_too=True))
    func = sf.functions.get(line, "")
    lines = [ln for ln, f in sf.functions.items() if f == func]
    facts = a.ev.facts_in(sf.path, min(lines, default=line), max(lines, default=line))
    held = frozenset(
        m
        for m, x in facts.items()
        if m.startswith("self.") and x.type.startswith("__main__.") and x.type[9:] in frozen
    )
    # (a method of a frozen object the function is handed, that changes nothing of it:
    # ``sensor.second_difference()`` of a frozen ``Sensor`` passed down three calls, blind97's
    # scene: the same matrix at every call)
    assert sf.tree is not None
    by_class = frozen_dataclass_methods(sf.tree)
    # (or of an object of any class of the file handed to it, where the method reads only
    # attributes that nothing sets after its construction: ``net.kernel(net.coords, ...)``;
    # the object's own, ``self``, is made once in __init__ instead: init_invariant.py)
    kept = kept_methods(sf.tree)
    # (or of one the object holds, set only at its construction: ``self.layout.wake_matrix()``
    # of a farm's layout, blind117's wind farm)
    handed = frozenset(
        f"{m}.{method}"
        for m, x in facts.items()
        if (
            "." not in m
            or (m.count(".") == 1 and m.startswith("self.") and not set_after_init(sf, m[5:]))
        )
        and x.type.startswith("__main__.")
        for method in by_class.get(x.type[9:], frozenset())
        | (kept.get(x.type[9:], frozenset()) if m != "self" else frozenset())
    )
    # (the object's own such method given what the function is given: ``self.system_matrix(
    # dt)``, the same matrix for the same ``dt``, blind129's clock train; one of ``self`` alone
    # or of its attributes, ``self.design(self.hours)``, is made once in __init__ instead)
    own = facts.get("self")
    fn = enclosing_function(sf, line)
    if own is not None and own.type.startswith("__main__.") and fn is not None:
        handed |= frozenset(
            f"self.{c.func.attr}"
            for c in ast.walk(fn)
            if isinstance(c, ast.Call)
            and isinstance(c.func, ast.Attribute)
            and isinstance(c.func.value, ast.Name)
            and c.func.value.id == "self"
            and c.func.attr in kept.get(own.type[9:], frozenset())
            and any(
                isinstance(n, ast.Name) and n.id != "self"
                for arg in [*c.args, *(k.value for k in c.keywords)]
                for n in ast.walk(arg)
            )
        )
    return methods | held | handed


def takes_arguments(sf: SourceFile, cls: str, method: str) -> bool:
    """Whether the file's class ``cls``'s ``method`` takes parameters besides its object."""
    return sf.tree is not None and any(
        isinstance(f, ast.FunctionDef) and f.name == method and len(f.args.args) > 1
        for c in sf.tree.body
        if isinstance(c, ast.ClassDef) and c.name == cls
        for f in c.body
    )


@lru_cache(maxsize=64)
def frozen_dataclass_methods(tree: ast.Module) -> dict[str, frozenset[str]]:
    """Per frozen dataclass of the file (``@dataclass(frozen=True)``), its methods that change
    nothing of their object (:func:`keeps_object`): the same result for the same arguments."""
    return {
        c.name: frozenset(
            f.name for f in c.body if isinstance(f, ast.FunctionDef) and keeps_object(tree, f.name)
        )
        for c in walk_tree(tree)
        if isinstance(c, ast.ClassDef)
        and any("frozen=True" in ast.unparse(d) for d in c.decorator_list)
    }


@lru_cache(maxsize=64)
def kept_methods(tree: ast.Module) -> dict[str, frozenset[str]]:
    """Per class of the file, frozen or not, its methods that give the same result for the same
    arguments: they change nothing of their object (:func:`keeps_object`), call only what a pure
    function may, and read only attributes of it that nothing sets after its construction
    (``net.kernel(net.coords, net.coords)`` of a plain dataclass handed down three calls:
    blind105's saffron beds)."""
    constants = module_names(tree)
    modules = _modules(tree)
    out: dict[str, frozenset[str]] = {}
    for cls in walk_tree(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        kept = set()
        for fn in cls.body:
            if (
                not isinstance(fn, ast.FunctionDef)
                or fn.decorator_list
                or fn.name in INIT_METHODS
                or not fn.args.args
                or not keeps_object(tree, fn.name)
                or not _pure(fn, set(), constants, modules)
            ):
                continue
            me = fn.args.args[0].arg
            read = {
                n.attr
                for n in ast.walk(fn)
                if isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id == me
            }
            if not any(_set_after_init(tree, attr) for attr in read):
                kept.add(fn.name)
        if kept:
            out[cls.name] = frozenset(kept)
    return out


def _made_once(
    sf: SourceFile,
    name: str,
    line: int,
    stored: Callable[[str], bool],
    pure: frozenset[str],
    callables: frozenset[str],
    depth: int = 0,
) -> bool:
    """Whether the function holding ``line`` assigns the local ``name`` once above it, in no
    loop of its own, from inputs that stay from one call to the next (``stored`` false, or
    made once so themselves), and changes it nowhere else before the line."""
    if sf.tree is None or "." in name or "[" in name or depth > 2:
        return False
    func = sf.functions.get(line, "")
    made = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Assign | ast.AugAssign | ast.AnnAssign)
        and sf.functions.get(n.lineno, "") == func
        and any(
            isinstance(t, ast.Name) and t.id == name
            for target in (n.targets if isinstance(n, ast.Assign) else [n.target])
            # (or one of a tuple unpacked: ``ru, rv, f = self.rates``)
            for t in (target.elts if isinstance(target, ast.Tuple) else [target])
        )
    ]
    if len(made) != 1 or not isinstance(made[0], ast.Assign) or made[0].lineno >= line:
        return False
    node = made[0]
    _, last = sf.span(node.lineno)
    if any(sf.functions.get(lp.line, "") == func for lp in sf.enclosing_loops(node.lineno)):
        return False
    if _changed(sf, name, last + 1, line - 1):
        return False
    # (a tuple of values unpacked: the one ``name`` takes, ``p`` of ``u, v, p = self.u, self.v,
    # self.p``; a tuple of names from one value, that value)
    value = next(
        (v for t, v in assigned_pairs(node) if isinstance(t, ast.Name) and t.id == name),
        node.value,
    )
    inputs = _inputs(value, pure, need_costly=False, callables=callables)
    return inputs is not None and all(
        not stored(m) or _made_once(sf, m, node.lineno, stored, pure, callables, depth + 1)
        for m in inputs
    )


def made_from_parameters(
    sf: SourceFile,
    names: set[str],
    params: list[str],
    line: int,
    stored: Callable[[str], bool],
    pure: frozenset[str],
    callables: frozenset[str],
) -> set[str] | None:
    """The parameters that the function's locals among ``names`` are made from, once above
    ``line`` from inputs that stay (``system = np.eye(n) - dt * lap`` above
    ``np.linalg.inv(system)``, blind107's cheese cave): those must then come unchanged from the
    callers, as the statement's own; None where a local is not made so."""
    given: set[str] = set()

    def stays(m: str) -> bool:
        if m in params:
            given.add(m)
            return False
        return stored(m)

    if any(
        stored(n) and not _made_once(sf, n, line, stays, pure, callables)
        for n in names - set(params)
    ):
        return None
    return given


def made_inputs(
    sf: SourceFile,
    names: set[str],
    params: list[str],
    line: int,
    stored: Callable[[str], bool],
    pure: frozenset[str],
    callables: frozenset[str],
) -> set[str]:
    """``names`` with the function's locals among them (made once above ``line``, as
    :func:`made_from_parameters` found) replaced by the inputs they are made from, to the
    names the function does not store: what its callers must leave unchanged (``design =
    np.vander(days / scale, degree + 1)`` above ``np.linalg.pinv(design)``: ``days``,
    ``scale`` and ``degree``, blind167's fry growth, a closure's variables)."""
    out: set[str] = set()
    todo, seen = list(names), set()
    while todo:
        n = todo.pop()
        if n in seen:
            continue
        seen.add(n)
        if n in params or "." in n or "[" in n or not stored(n):
            out.add(n)
            continue
        made = [
            x
            for x in walk_tree(sf.tree)
            if sf.tree is not None
            if isinstance(x, ast.Assign)
            and x.lineno < line
            and sf.functions.get(x.lineno, "") == sf.functions.get(line, "")
            and any(isinstance(t, ast.Name) and t.id == n for t in x.targets)
        ]
        got = _inputs(made[0].value, pure, need_costly=False, callables=callables) if made else None
        if got is None:
            out.add(n)
            continue
        todo.extend(got)
    return out


def read_off(a: Analysis, sf: SourceFile, line: int, names: set[str]) -> list[Fact]:
    """The values the line reads off its input objects (``np.linalg.pinv(lighting.basis)`` of
    a dataclass handed down two calls, blind104's stained glass)."""
    return [
        x
        for k, x in a.ev.facts_at((sf.path, line)).items()
        if "." in k and k.split(".", 1)[0] in names and k not in names
    ]


def _entries(a: Analysis, sf: SourceFile, lp: Loop) -> int:
    """How many times the loop was entered: the iterations of the loop around it in the same
    function, else the calls of its function (its first line's count), else once."""
    func = sf.functions.get(lp.line, "")
    outer = [o for o in sf.enclosing_loops(lp.line) if o.line != lp.line]
    outer = [o for o in outer if sf.functions.get(o.line, "") == func]
    if outer:
        return max(1, a.loop_counts(sf.path, outer[0])[0].n)
    if not func or sf.tree is None:
        return 1
    name = func.rsplit(".", 1)[-1]
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, ast.FunctionDef)
            and node.name == name
            and node.body
            and node.lineno <= lp.line <= (node.end_lineno or node.lineno)
        ):
            if node.body[0].lineno == lp.line:
                # (the loop is the function's first statement, its line hit at every
                # iteration, a generator's resumed included: its entries are its own)
                iterations, per_entry = a.loop_counts(sf.path, lp)
                return max(1, round(iterations.n / max(per_entry, 1.0)))
            return max(1, a.led.count((sf.path, node.body[0].lineno)).n)
    return 1


def _directly_in(sf: SourceFile, line: int, lp: Loop) -> bool:
    """Whether the statement is in the loop's own body (not under an ``if`` or inner loop):
    it runs once per iteration."""
    assert sf.tree is not None
    for node in walk_tree(sf.tree):
        if isinstance(node, ast.For | ast.AsyncFor | ast.While) and node.lineno == lp.line:
            return any(s.lineno == line for s in node.body)
    return False


def _size(x: Fact) -> int:
    n = 1
    for d in x.shape:
        n *= d
    return n


#: Looks of a size that must all show one value for it to count as the same at every call.
STEADY_LOOKS = 3


def steady_sizes(a: Analysis, sf: SourceFile, fn: ast.FunctionDef) -> set[str]:
    """The function's locals assigned once, outside its loops, a size of a parameter (``n =
    len(trace)``, ``rows = x.shape[0]``, ``m = x.size``) that the run saw as one int at
    STEADY_LOOKS looks or more in the function: the same at every call, whatever the
    parameter holds."""
    params = {p.arg for p in fn.args.args}
    lines = range(fn.lineno, (fn.end_lineno or fn.lineno) + 1)
    out: set[str] = set()
    for node in fn.body:
        if not (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and _size_of(node.value) in params
        ):
            continue
        name = node.targets[0].id
        if (
            sum(
                isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
                for n in ast.walk(fn)
            )
            != 1
        ):
            continue
        looks = [x for ln in lines for x in a.ev.samples.facts.get((sf.path, ln), {}).get(name, [])]
        values = {x.value for x in looks}
        if len(looks) >= STEADY_LOOKS and len(values) == 1 and None not in values:
            out.add(name)
    return out


def _size_of(value: ast.expr) -> str:
    """The name whose size ``value`` reads (``len(x)``, ``x.shape[0]``, ``x.shape``,
    ``x.size``), or ""."""
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "len"
        and len(value.args) == 1
        and isinstance(value.args[0], ast.Name)
    ):
        return value.args[0].id
    if isinstance(value, ast.Subscript):
        value = value.value
    if (
        isinstance(value, ast.Attribute)
        and value.attr in ("shape", "size")
        and isinstance(value.value, ast.Name)
    ):
        return value.value.id
    return ""
