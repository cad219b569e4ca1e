"""How a statement of a function reaches the loop that runs it, for AB411 (loop-invariant work)
and AB407 (an invariant solve): the calls the file names (by name, as a method, through an
alias, a ``functools.partial`` or a callback; a property read), a method called from the one
method a loop calls, a function handed the object, and where the file names no call path, the
run's sampled stacks (a bound method passed in as a hook). Each gives the loop, the function
it calls, and whether a name the statement reads may change from one call to the next."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable

from ...read.calls import PARTIALS, argument, calls_of
from ...read.purity import INIT_METHODS, PURE_CALLS, attribute_changed, set_after_init
from ...read.source import Loop, SourceFile, stored_in
from ...read.syntax import walk_tree
from .base import Analysis
from .changes import (
    _callers,
    _changed,
    _inputs_of,
    _read_names,
    held_attribute,
    passed_unchanged,
)

#: Functions of the file, each with no loop around its call, between a statement and the
#: loop that runs it, followed up to find that loop.
THROUGH_DEPTH = 3


def called_from(
    a: Analysis, sf: SourceFile, line: int
) -> tuple[Loop, str, Callable[[str], bool]] | None:
    """For a line of a function with no loop of its own, called from loops: the first such
    loop, the function's name, and whether a name the line reads may change from one call
    to the next (a parameter: what a caller passes may; another name: the function stores
    it, or a calling loop changes it)."""
    func = sf.functions.get(line, "").rsplit(".", 1)[-1]
    fn = (
        next(
            (n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == func),
            None,
        )
        if sf.tree is not None
        else None
    )
    if fn is None:
        return None
    params = _params(fn)
    method = bool(params) and params[0] == "self"
    callers = _callers(sf, func, method, a)
    body_first = fn.body[0].lineno if fn.body else line
    end = fn.end_lineno or line
    if not callers:
        return (
            _method_of_method(a, sf, fn, method)
            or _from_stacks(a, sf, fn, line, method)
            or _through_callers(a, sf, fn, line, method)
            or partial_attribute(sf, fn, line)
        )

    def changed(m: str) -> bool:
        base = m.split("[", 1)[0]
        if m.startswith("self."):
            # changed here, or by the calling loops (``sim.step()`` storing ``self.u``
            # beside the ``sim.record()`` that reads it)
            return attribute_changed(sf, m[5:], fn.lineno, end, PURE_CALLS) or any(
                attribute_changed(sf, m[5:], lp.line, lp.end, PURE_CALLS) for _, lp in callers
            )
        if base not in params:
            return stored_in(sf, base, fn.lineno, end) or any(
                _changed(sf, base, lp.line, lp.end) for _, lp in callers
            )
        if _changed(sf, base, body_first, line - 1):
            return True
        return not passed_unchanged(sf, callers, params, method, {base})

    return callers[0][1], func, changed


def partial_attribute(
    sf: SourceFile, fn: ast.FunctionDef, line: int
) -> tuple[Loop, str, Callable[[str], bool]] | None:
    """A module-level function the object holds as a ``functools.partial`` made in
    ``__init__`` (``self.step = partial(implicit_step, system=system)``) and calls in a loop of
    its methods (``temp = self.step(temp, heat)``): that loop, the function's name, and
    whether a name may change between calls (the parameters the partial binds are the same
    value at every call, where nothing but ``__init__`` sets the attribute; the others may)."""
    held = _partials_held(sf, fn)
    loops = [
        (attr, lp)
        for attr in held
        for c in walk_tree(sf.tree)
        if isinstance(c, ast.Call) and ast.unparse(c.func) == f"self.{attr}"
        for lp in sf.enclosing_loops(c.lineno)[:1]
    ]
    if not loops:
        return None
    attr, lp = loops[0]
    body_first = fn.body[0].lineno if fn.body else line
    end = fn.end_lineno or line
    params = {p.arg for p in fn.args.args}

    def changed(m: str) -> bool:
        base = m.split("[", 1)[0].split(".", 1)[0]
        if base in held[attr]:
            return _changed(sf, base, body_first, line - 1)
        if base in params or base == "self":
            return True
        return stored_in(sf, base, fn.lineno, end)

    return lp, fn.name, changed


def partial_mapped(
    sf: SourceFile, fn: ast.FunctionDef, line: int
) -> tuple[Loop, str, Callable[[str], bool]] | None:
    """A function of the file bound by a ``functools.partial`` to a local name, assigned once,
    and called through that name in a loop or comprehension of the same function (``fit =
    partial(fit_blend, pantry, cfg.ridge)`` then ``[... for w in map(fit, orders(...))]``):
    that loop, the function's name, and whether a name may change between calls (the bound
    arguments were evaluated once, at the partial; an attribute set after ``__init__`` may
    change; the other parameters change)."""
    if sf.tree is None:
        return None
    params = [p.arg for p in fn.args.args]
    for node in walk_tree(sf.tree):
        call = _binds(node, fn)
        if call is None or not isinstance(node, ast.Assign):
            continue
        if not isinstance(node.targets[0], ast.Name):
            continue
        name, scope = node.targets[0].id, sf.functions.get(node.lineno, "")
        assigned = [
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.Name)
            and n.id == name
            and isinstance(n.ctx, ast.Store)
            and sf.functions.get(n.lineno, "") == scope
        ]
        if len(assigned) != 1:
            continue
        uses = [
            n.lineno
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.Name)
            and n.id == name
            and isinstance(n.ctx, ast.Load)
            and n.lineno > node.lineno
            and sf.functions.get(n.lineno, "") == scope
        ]
        # (the innermost loop or comprehension holding a use, a one-line comprehension too)
        loops = [
            min(around, key=lambda lp: lp.end - lp.line)
            for ln in uses
            for around in [[lp for lp in sf.loops if lp.line <= ln <= lp.end]]
            if around
        ]
        if not loops:
            continue
        bound = set(params[: len(call.args) - 1]) | {
            k.arg for k in call.keywords if k.arg is not None
        }
        body_first = fn.body[0].lineno if fn.body else line
        end = fn.end_lineno or line
        # (a partial made again in the loop that calls it binds new values each time:
        # ``voice = partial(sing, flat_cents=rng.uniform(0, 35), ...)`` per singer, blind170's
        # pitch program told "the same inputs every time")
        remade = loops[0].line <= node.lineno <= loops[0].end

        def changed(
            m: str,
            bound: set[str] = bound,
            body_first: int = body_first,
            end: int = end,
            remade: bool = remade,
        ) -> bool:
            base, _, rest = m.split("[", 1)[0].partition(".")
            if rest and any(set_after_init(sf, x) for x in rest.split(".")):
                return True
            if base in bound:
                return remade or _changed(sf, base, body_first, line - 1)
            if base in params or base == "self":
                return True
            return stored_in(sf, base, fn.lineno, end)

        return loops[0], fn.name, changed
    return None


def _binds(node: ast.AST, fn: ast.FunctionDef) -> ast.Call | None:
    """The ``functools.partial`` of ``fn`` that ``node`` assigns to one target, or None."""
    if (
        isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.value, ast.Call)
        and ast.unparse(node.value.func) in PARTIALS
        and node.value.args
        and isinstance(node.value.args[0], ast.Name)
        and node.value.args[0].id == fn.name
    ):
        return node.value
    return None


def _partials_held(sf: SourceFile, fn: ast.FunctionDef) -> dict[str, set[str]]:
    """The object's attributes that hold a ``functools.partial`` of the module-level function
    ``fn``, made in ``__init__`` and set nowhere else, with the parameters each binds."""
    held: dict[str, set[str]] = {}
    if sf.tree is None or fn not in sf.tree.body:
        return held
    params = [p.arg for p in fn.args.args]
    for node in walk_tree(sf.tree):
        call = _binds(node, fn)
        if not (
            call is not None
            and isinstance(node, ast.Assign)
            and isinstance(node.targets[0], ast.Attribute)
            and isinstance(node.targets[0].value, ast.Name)
            and node.targets[0].value.id == "self"
            and sf.functions.get(node.lineno, "").rsplit(".", 1)[-1] in INIT_METHODS
        ):
            continue
        attr = node.targets[0].attr
        if set_after_init(sf, attr):
            continue
        bound = set(params[: len(call.args) - 1])
        held[attr] = bound | {k.arg for k in call.keywords if k.arg is not None}
    return held


def _params(fn: ast.FunctionDef) -> list[str]:
    """A function's parameters; a staticmethod's after a stand-in ``self``: called through its
    object, ``self.gain(self.B, self.H, self.R)``, its arguments fall as a method's do
    (blind141's surge gauges)."""
    params = [p.arg for p in fn.args.args]
    if any(ast.unparse(d) == "staticmethod" for d in fn.decorator_list):
        return ["self", *params]
    return params


def _given(calls: list[ast.Call], params: list[str], m: str) -> str:
    """What every one of ``calls`` passes for the parameter ``m``, where that is one and the
    same (``self.B`` of ``self.gain(self.B, self.H, self.R)``, a staticmethod's: blind141's
    surge gauges); else ``m``."""
    if m not in params[1:]:
        return m
    given = {ast.unparse(argument(c, params, m, True) or ast.Constant(0)) for c in calls}
    return next(iter(given)) if len(given) == 1 else m


def _through_callers(
    a: Analysis, sf: SourceFile, fn: ast.FunctionDef, line: int, method: bool
) -> tuple[Loop, str, Callable[[str], bool]] | None:
    """A function called, through functions of the file with no loop around the call, from
    a loop (``destripe_operator(sensor)`` in ``column_profile`` in ``destripe``, mapped over a
    tile's bands per tile: blind97's scene): that loop, the function's name, and whether a
    name may change between calls (a parameter: unless each caller up the way passes it on
    unchanged, :func:`through_caller`; another name: the function stores it)."""
    if sf.tree is None:
        return None
    defs = {n.name: n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
    params = _params(fn)
    top = through_caller(a, sf, fn.name, params, method, set(), defs, 0)
    if top is None:
        return None
    body_first = fn.body[0].lineno if fn.body else line
    end = fn.end_lineno or line

    def changed(m: str) -> bool:
        base = m.split("[", 1)[0]
        if base.startswith("self."):
            return True  # (no object of a method: a plain function followed up)
        if base not in params:
            return stored_in(sf, base, fn.lineno, end)
        if _changed(sf, base, body_first, line - 1):
            return True
        return through_caller(a, sf, fn.name, params, method, {base}, defs, 0) is None

    return top[0], fn.name, changed


def stack_paths(
    a: Analysis, sf: SourceFile, innermost: Callable[[tuple[str, int]], bool]
) -> Counter[tuple[tuple[str, int], ...]]:
    """The ways up the sampled stacks whose innermost frame ``innermost`` accepts: each
    stack's frames from its innermost to the first frame of the file that stands in a loop of
    the file (frames of other files on the way kept), counted by samples; a stack with no
    such frame gives none. How a line is reached where the file names no call: a hook, a
    callback an object holds."""
    out: Counter[tuple[tuple[str, int], ...]] = Counter()
    for stack, _off, _on in a.led.stacks:
        if not stack or not innermost(stack[0]):
            continue
        for i, frame in enumerate(stack[1:], start=1):
            if frame[0] == sf.path and sf.enclosing_loops(abs(frame[1])):
                out[tuple(stack[: i + 1])] += 1
                break
    return out


def _from_stacks(
    a: Analysis, sf: SourceFile, fn: ast.FunctionDef, line: int, method: bool
) -> tuple[Loop, str, Callable[[str], bool]] | None:
    """A method the run saw called from a loop through calls the file does not name (a
    bound method passed in as a hook and called as ``self.penalty_hook(w)``, a property
    read two calls down): the loop of the first frame above it in the sampled stacks that
    stands in a loop of the file, the function that loop calls, and whether a name may
    change between calls, where only the object's attributes that no method of its class
    but ``__init__`` changes, nor the loop, are inputs that stay."""
    if not method or sf.tree is None:
        return None
    seen: Counter[tuple[int, int]] = Counter()
    for way, n in stack_paths(a, sf, lambda key: key == (sf.path, line)).items():
        below, frame = way[-2], way[-1]
        seen[(abs(frame[1]), abs(below[1]) if below[0] == sf.path else 0)] += n
    if not seen:
        return None
    (at, called), _ = seen.most_common(1)[0]
    lp = sf.enclosing_loops(at)[0]
    via = sf.functions.get(called, "").rsplit(".", 1)[-1] if called else ""
    cls = next(
        (c for c in walk_tree(sf.tree) if isinstance(c, ast.ClassDef) and fn in c.body), None
    )
    if cls is None:
        return None
    spans = [
        (m.lineno, m.end_lineno or m.lineno)
        for m in cls.body
        if isinstance(m, ast.FunctionDef) and m.name != "__init__"
    ] + [(lp.line, lp.end)]

    params, calls = _params(fn), calls_of(sf, fn.name, True)

    def changed(m: str) -> bool:
        m = _given(calls, params, m)
        if not m.startswith("self."):
            return True
        return any(attribute_changed(sf, m[5:], lo, hi, PURE_CALLS) for lo, hi in spans)

    return lp, via, changed


def _method_of_method(
    a: Analysis, sf: SourceFile, fn: ast.FunctionDef, method: bool
) -> tuple[Loop, str, Callable[[str], bool]] | None:
    """A method (a property's getter included) that the file calls only from one other
    method, which loops call (``d @ self.precision @ d`` in ``score``, called per sample):
    the loop, the calling method's name, and whether a name may change between calls,
    where only the object's attributes are taken as inputs that may stay (changed in
    neither method nor by the calling loops); its parameters count as changed."""
    if not method:
        return None
    calls = calls_of(sf, fn.name, True)
    outer = {sf.functions.get(c.lineno, "").rsplit(".", 1)[-1] for c in calls}
    if len(outer) != 1 or "" in outer or any(sf.enclosing_loops(c.lineno) for c in calls):
        return None
    g = next(
        (
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.FunctionDef) and n.name == next(iter(outer))
        )
        if sf.tree is not None
        else iter(()),
        None,
    )
    if g is None or not g.args.args:
        return None
    g_params = [p.arg for p in g.args.args]
    if g_params[0] != "self":
        # a function given the object (``step(chain, x, v)`` reading ``chain.solver``):
        # the calling loops pass that object unchanged
        on = {ast.unparse(c.func.value) for c in calls if isinstance(c.func, ast.Attribute)}
        if len(on) != 1 or next(iter(on)) not in g_params:
            return None
        callers = _callers(sf, g.name, False, a)
        if not callers or not passed_unchanged(sf, callers, g_params, False, on):
            return None
    else:
        callers = _callers(sf, g.name, True, a)
    if not callers:
        return None
    spans = [
        (fn.lineno, fn.end_lineno or fn.lineno),
        (g.lineno, g.end_lineno or g.lineno),
        *((lp.line, lp.end) for _, lp in callers),
    ]

    params = _params(fn)

    def changed(m: str) -> bool:
        m = _given(calls, params, m)
        if not m.startswith("self."):
            return True
        return any(attribute_changed(sf, m[5:], lo, hi, PURE_CALLS) for lo, hi in spans)

    return callers[0][1], g.name, changed


def _unaliased(g: ast.FunctionDef, given: ast.expr | None, before: int) -> ast.expr | None:
    """``self.cfg`` for a name ``g`` binds once to it above ``before`` (``cfg = self.cfg``, then
    ``diffuse(m, cfg)``: blind132's orchard), else ``given`` itself."""
    if not isinstance(given, ast.Name):
        return given
    stores = [
        n
        for n in ast.walk(g)
        if isinstance(n, ast.Name) and n.id == given.id and isinstance(n.ctx, ast.Store)
    ]
    bind = next(
        (
            st
            for st in ast.walk(g)
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and st.targets[0] in stores
        ),
        None,
    )
    if (
        len(stores) == 1
        and bind is not None
        and bind.lineno < before
        and isinstance(bind.value, ast.Attribute)
        and isinstance(bind.value.value, ast.Name)
        and bind.value.value.id == "self"
    ):
        return bind.value
    return given


def through_caller(
    a: Analysis,
    sf: SourceFile,
    func: str,
    params: list[str],
    method: bool,
    names: set[str],
    defs: dict[str, ast.FunctionDef],
    depth: int,
    items: list[Loop] | None = None,
) -> tuple[Loop, str] | None:
    """The loop around the function that calls ``func`` (no loop of its own around the
    call), where every input of ``func``'s statement is what that function passes unchanged:
    its own parameters or names it never stores. ``items``: where given, a calling loop that
    passes its own index (:func:`per_item_call`) is taken, and appended to it."""
    if depth >= THROUGH_DEPTH or sf.tree is None:
        return None
    calls = calls_of(sf, func, method)
    outer = {sf.functions.get(c.lineno, "").rsplit(".", 1)[-1] for c in calls}
    if len(calls) == 0 or len(outer) != 1 or "" in outer:
        return None
    g = defs.get(outer.pop())
    if g is None or any(sf.enclosing_loops(c.lineno) for c in calls):
        return None
    g_params = [p.arg for p in g.args.args]
    passed: set[str] = set()
    for c in calls:
        for n in names:
            base, dot, attr = n.partition(".")
            if dot and base in params and base != "self":
                # (an object's attribute only ``__init__`` sets, passed on as the object:
                # ``fit_profile(ring, readings)`` reading ``ring.design``)
                given = argument(c, params, base, method)
                if (
                    isinstance(given, ast.Attribute)
                    and isinstance(given.value, ast.Name)
                    and given.value.id == "self"
                ):
                    # (the object's own attribute passed on: ``least_squares_films(
                    # self.profile, readings)`` reading ``profile.spectra``, blind131's press)
                    passed.add(f"self.{given.attr}.{attr}")
                    continue
                if not isinstance(given, ast.Name):
                    return None
                passed.add(f"{given.id}.{attr}")
                continue
            if n not in params:
                continue
            given = _unaliased(g, argument(c, params, n, method), c.lineno)
            held = held_attribute(sf, given)
            if (
                isinstance(given, ast.Attribute)
                and isinstance(given.value, ast.Name)
                and given.value.id == "self"
            ):
                # (the object's own attribute, not the whole object whose methods the loop
                # calls: ``least_squares_films(self.profile, readings)``, blind131's press)
                held = f"self.{given.attr}"
            if held is not None:
                # (``_normal_solve(ring.design, y)``: the attribute, not the object, whose
                # methods the loop may call)
                passed.add(held)
                continue
            arg = _inputs_of(given) if given is not None else None
            if arg is None:
                return None
            passed |= arg
    for n in passed:
        base, dot, _ = n.partition(".")
        if dot and base != "self":
            if stored_in(sf, base, g.lineno, g.end_lineno or g.lineno) and base not in g_params:
                return None
            if base in g_params and stored_in(
                sf, base, g.body[0].lineno, max(c.lineno for c in calls) - 1
            ):
                return None
            continue
        if n in g_params:
            if _changed(sf, n, g.body[0].lineno, max(c.lineno for c in calls) - 1):
                return None
        elif stored_in(sf, n, g.lineno, g.end_lineno or g.lineno):
            return None
    rest = {
        n
        for n in names
        if n not in params and (n.partition(".")[0] not in params or n.startswith("self."))
    }
    up = {n for n in passed if n.partition(".")[0] in g_params} | rest
    g_method = bool(g_params) and g_params[0] == "self"
    callers = _callers(sf, g.name, g_method, a)
    if not callers:
        return through_caller(a, sf, g.name, g_params, g_method, up, defs, depth + 1, items)
    if not passed_unchanged(sf, callers, g_params, g_method, up):
        got = per_item_call(sf, callers, g_params, g_method, up) if items is not None else None
        if got is None or items is None:
            return None
        items.append(got[1])
        return got[0], func
    return outermost(sf, callers, g_params, g_method, up), func


def per_item_call(
    sf: SourceFile,
    callers: list[tuple[ast.Call, Loop]],
    params: list[str],
    method: bool,
    names: set[str],
) -> tuple[Loop, Loop] | None:
    """For calls inside one loop that pass the function, for some of ``names``, that loop's
    own index alone (``deflect(p, pressure, weights)`` in ``for p in panels``, inside a loop
    over load cases), over the same items at every entry of it: the outermost loop around it to
    which everything else comes unchanged, and the loop itself (one value per item, made once
    each before the outer loop)."""
    if not callers or len({lp.line for _, lp in callers}) != 1:
        return None
    lp = callers[0][1]
    if lp.recurrence or lp.over is None or not lp.targets:
        return None
    targets = set(lp.targets)
    if any(_changed(sf, t, lp.body, lp.end) for t in targets):
        return None  # (the index bound again inside the loop)
    indexed: set[str] = set()
    for c, _ in callers:
        for n in names:
            base = n.partition(".")[0]
            p = base if base in params and base != "self" else n
            if p not in params:
                continue
            given = argument(c, params, p, method)
            if isinstance(given, ast.Name) and given.id in targets:
                indexed.add(n)
    if not indexed:
        return None
    rest = names - indexed
    over = _read_names(lp.over)
    func = sf.functions.get(lp.line, "")
    best = None
    # (innermost first)
    for outer in sf.enclosing_loops(lp.line):
        if outer.line == lp.line or sf.functions.get(outer.line, "") != func:
            continue
        if not passed_unchanged(sf, [(c, outer) for c, _ in callers], params, method, rest):
            break
        if any(_changed(sf, m, outer.line, outer.end) for m in over):
            break
        best = outer
    return (best, lp) if best is not None else None


def outermost(
    sf: SourceFile,
    callers: list[tuple[ast.Call, Loop]],
    params: list[str],
    method: bool,
    names: set[str],
) -> Loop:
    """Of the loops around the first call (in the calling function), the outermost out to
    which every loop passes the same inputs (``[deconvolve(frame, lam) for lam in lambdas]`` in
    a loop over frames, ``frame`` read for its shape alone): made once before it."""
    c, best = callers[0]
    func = sf.functions.get(c.lineno, "")
    around = sorted(
        (
            lp
            for lp in sf.loops
            if lp.line <= c.lineno <= lp.end and sf.functions.get(lp.line, "") == func
        ),
        key=lambda lp: (-lp.line, lp.end - lp.line),
    )
    for lp in around:
        if not passed_unchanged(sf, [(c, lp)], params, method, names):
            break
        best = lp
    return best


def argument_sets(sf: SourceFile, via: str, lp: Loop, names: set[str]) -> list[str]:
    """The different arguments the loop's calls of ``via`` pass for the parameters among
    ``names`` (``sample_points=N_50``, ``sample_points=2 * N_50``), in their order."""
    fn = next(
        (n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef) and n.name == via)
        if sf.tree is not None
        else iter(()),
        None,
    )
    if fn is None:
        return []
    params = [p.arg for p in fn.args.args]
    method = bool(params) and params[0] == "self"
    out: list[str] = []
    for c in calls_of(sf, via, method):
        if not lp.line <= c.lineno <= lp.end:
            continue
        got = []
        for p in params:
            if p in names:
                arg = argument(c, params, p, method)
                got.append(f"{p}={ast.unparse(arg)}" if arg is not None else f"{p}=?")
        text = ", ".join(got)
        if text and text not in out:
            out.append(text)
    return out
