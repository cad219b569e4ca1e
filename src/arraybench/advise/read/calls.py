"""Where a function of the user's file is called from, in the forms users write around it: by
name, as a method (``sim.step(x)``), through an alias (``score = functools.partial(mahalanobis,
cov=cov)``, ``f = lambda b: mahalanobis(b, mean, cov)``, ``g = mahalanobis``) and as a callback
(``integrate(rhs, y0)``, where ``integrate`` calls its parameter ``f(t, y)`` in its loop).

Each call is given as the ``ast.Call`` that runs it, placed where the call runs (the alias's or
the callback's call, in its loop), named ``func`` and with the arguments ``func`` receives: a
partial's bound ones first, a lambda's parameters replaced by what its call passes. The rules
that walk up from a function to the loops that call it (AB410, AB411, nesting) read them here.
"""

from __future__ import annotations

import ast
import copy
from functools import lru_cache

from .source import SourceFile
from .syntax import assigned_pairs, call_name, put_names, walk_tree

#: ``functools.partial`` as users name it.
PARTIALS = frozenset({"partial", "functools.partial"})


def calls_of(sf: SourceFile, func: str, method: bool = False) -> list[ast.Call]:
    """The calls that run the file's function ``func`` (its bare name): by name, as a method
    of any object where ``method``, through an alias or as a callback, each as a call of
    ``func`` by name at the line where it runs."""
    if sf.tree is None or not func:
        return []
    return list(_index(sf.tree, method).get(func, ()))


def callees(sf: SourceFile, call: ast.Call) -> set[str]:
    """The names of the file's functions a call may run: its own name, and what an alias or a
    parameter it calls stands for (``f(t, y)`` in ``integrate(f, y0)``, called as
    ``integrate(rhs, y0)``: ``rhs``)."""
    if sf.tree is None:
        return set()
    name = call_name(call)
    out = {name}
    for f, calls in _index(sf.tree, False).items():
        if any(c.lineno == call.lineno and c.col_offset == call.col_offset for c in calls):
            out.add(f)
    return out


@lru_cache(maxsize=64)
def _index(tree: ast.Module, method: bool) -> dict[str, tuple[ast.Call, ...]]:
    defs = {n.name: n for n in walk_tree(tree) if isinstance(n, ast.FunctionDef)}
    out: dict[str, list[ast.Call]] = {name: [] for name in defs}
    calls = [c for c in walk_tree(tree) if isinstance(c, ast.Call)]
    # a static or class method called on its class (``Kalman.update(x, P)``)
    classes = {
        c.name: {f.name for f in c.body if isinstance(f, ast.FunctionDef)}
        for c in walk_tree(tree)
        if isinstance(c, ast.ClassDef)
    }
    for c in calls:
        if isinstance(c.func, ast.Name) and c.func.id in defs:
            out[c.func.id].append(c)
        elif isinstance(c.func, ast.Attribute) and c.func.attr in defs:
            on = c.func.value
            if method or (isinstance(on, ast.Name) and c.func.attr in classes.get(on.id, ())):
                out[c.func.attr].append(c)
    # a property read (``d @ self.precision @ d``): a call of its getter with no arguments
    called = {id(c.func) for c in calls}
    for node in walk_tree(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Load)
            and node.attr in properties(tree)
            and id(node) not in called
        ):
            read = ast.Call(func=node, args=[], keywords=[])
            out[node.attr].append(ast.copy_location(read, node))
    # aliases: ``g = f``, ``g = functools.partial(f, ...)``, ``g = lambda ...: f(...)``
    aliases: dict[str, tuple[str, ast.expr]] = {}
    for node in walk_tree(tree):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):
            target = _aliased(node.value, defs)
            if target is not None and node.targets[0].id not in defs:
                aliases[node.targets[0].id] = (target, node.value)
    for c in calls:
        if isinstance(c.func, ast.Name) and c.func.id in aliases:
            target, value = aliases[c.func.id]
            made = _through(c, target, value)
            if made is not None:
                out[target].append(made)
    # callbacks: ``integrate(rhs, y0)`` with ``def integrate(f, y0)`` calling ``f(...)``; a
    # method given one (``cave.run(step)``), and an alias given (``step =
    # functools.partial(implicit_step, lap=lap, dt=dt)``: blind107's cheese cave)
    for c in calls:
        outer = defs.get(c.func.id) if isinstance(c.func, ast.Name) else None
        params = [p.arg for p in outer.args.args] if outer is not None else []
        if (
            outer is None
            and isinstance(c.func, ast.Attribute)
            and (found := defs.get(c.func.attr)) is not None
            and [p.arg for p in found.args.args][:1] == ["self"]
        ):
            outer = found
            params = [p.arg for p in found.args.args][1:]
        if outer is None:
            continue
        passed = list(zip(params, c.args, strict=False)) + [
            (k.arg, k.value) for k in c.keywords if k.arg is not None
        ]
        for param, arg in passed:
            if not isinstance(arg, ast.Name) or arg.id == outer.name:
                continue
            bound_to: ast.expr | None = None
            if arg.id in defs:
                target = arg.id
            elif arg.id in aliases:
                target, bound_to = aliases[arg.id]
            else:
                continue
            for inner in ast.walk(outer):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id == param
                ):
                    made = (
                        _renamed(inner, target, [], [])
                        if bound_to is None
                        else _through(inner, target, bound_to)
                    )
                    # (the alias's own name called there was found above)
                    if made is not None and not any(
                        c2.lineno == made.lineno and c2.col_offset == made.col_offset
                        for c2 in out[target]
                    ):
                        out[target].append(made)
    # mapped: ``map(matcher.match, swatches)``, ``map(partial(score, model), rows)``: a call
    # per item at the map's line, given no arguments (each item is a new one; a partial's
    # bound ones stay), marked with that ``map`` call (:func:`mapped_by`)
    for c in calls:
        if not (isinstance(c.func, ast.Name) and c.func.id == "map" and len(c.args) >= 2):
            continue
        f = c.args[0]
        if isinstance(f, ast.Attribute) and f.attr in defs:
            made = ast.Call(func=copy.deepcopy(f), args=[], keywords=[])
            name = f.attr
        elif isinstance(f, ast.Name | ast.Call) and (name := _aliased(f, defs) or "") in defs:
            bound_args = list(f.args[1:]) if isinstance(f, ast.Call) else []
            bound_kw = list(f.keywords) if isinstance(f, ast.Call) else []
            made = _renamed(ast.Call(func=f, args=[], keywords=[]), name, bound_args, bound_kw)
        else:
            continue
        for n in (made, made.func):
            ast.copy_location(n, c)
        setattr(made, MAPPED, c)
        out[name].append(made)
    for target, at in _hooks(tree, defs, calls):
        made = ast.Call(func=ast.Name(id=target, ctx=ast.Load()), args=[], keywords=[])
        for n in (made, made.func):
            ast.copy_location(n, at)
        out[target].append(made)
    # kept by an object: ``Trainer(X, y, partial(newton_direction, H0))`` with ``__init__``'s
    # ``self.precondition = precondition``, called ``self.precondition(g)`` in a method
    class_defs = {c.name: c for c in walk_tree(tree) if isinstance(c, ast.ClassDef)}
    for c in calls:
        cls = class_defs.get(c.func.id) if isinstance(c.func, ast.Name) else None
        init = (
            next(
                (f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"),
                None,
            )
            if cls is not None
            else None
        )
        if cls is None or init is None:
            continue
        params = [p.arg for p in init.args.args][1:]
        passed = list(zip(params, c.args, strict=False)) + [
            (k.arg, k.value) for k in c.keywords if k.arg is not None
        ]
        for param, arg in passed:
            target = _aliased(arg, defs)
            if target is None:
                continue
            kept = {
                t.attr
                for st in ast.walk(init)
                if isinstance(st, ast.Assign)
                for t, v in assigned_pairs(st)
                if isinstance(v, ast.Name)
                and v.id == param
                and isinstance(t, ast.Attribute)
                and isinstance(t.value, ast.Name)
                and t.value.id == "self"
            }
            for inner in ast.walk(cls):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Attribute)
                    and isinstance(inner.func.value, ast.Name)
                    and inner.func.value.id == "self"
                    and inner.func.attr in kept
                ):
                    made = _through(inner, target, arg)
                    if made is not None:
                        out[target].append(made)
    return {k: tuple(v) for k, v in out.items()}


def partial_of(sf: SourceFile, name: str, line: int) -> tuple[ast.Call, ast.FunctionDef] | None:
    """Where the function holding ``line`` makes ``name`` once above it as a
    ``functools.partial`` of one of the file's module-level functions (``act =
    partial(greedy, policy)``): that call and the function."""
    value = partial_call(sf, name, line)
    if value is None or sf.tree is None:
        return None
    target = value.args[0]
    fn = next(
        (
            n
            for n in sf.tree.body
            if isinstance(n, ast.FunctionDef)
            and isinstance(target, ast.Name)
            and n.name == target.id
        ),
        None,
    )
    return (value, fn) if fn is not None else None


def bound_above(sf: SourceFile, name: str, line: int) -> ast.expr | None:
    """The value the function holding ``line`` binds ``name`` to, once, above it, else None."""
    if sf.tree is None:
        return None
    func = sf.functions.get(line, "")
    made = [
        n.value
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Assign)
        and n.lineno < line
        and sf.functions.get(n.lineno, "") == func
        and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
    ]
    return made[0] if len(made) == 1 else None


def call_made_above(sf: SourceFile, name: str, line: int) -> ast.Call | None:
    """The call whose value the function holding ``line`` binds ``name`` to, once, above it
    (``score = self.evaluator.scorer()``), else None."""
    value = bound_above(sf, name, line)
    return value if isinstance(value, ast.Call) else None


def partial_call(sf: SourceFile, name: str, line: int) -> ast.Call | None:
    """The ``functools.partial(...)`` call the function holding ``line`` makes ``name`` once
    above it with (``project = partial(np.dot, self.W)``), else None."""
    value = call_made_above(sf, name, line)
    if value is None or call_name(value) not in PARTIALS | {"partial"} or not value.args:
        return None
    return value


@lru_cache(maxsize=64)
def returned_attributes(tree: ast.AST) -> dict[str, str]:
    """The file's properties whose getter is one ``return self.<attr>``, by name: the
    attribute each returns (``system`` -> ``_A`` of ``return self._A``)."""
    names = properties(tree)
    out: dict[str, str] = {}
    for c in walk_tree(tree):
        if not isinstance(c, ast.ClassDef):
            continue
        for f in c.body:
            if (
                isinstance(f, ast.FunctionDef)
                and f.name in names
                and len(f.body) == 1
                and isinstance(f.body[0], ast.Return)
                and isinstance(f.body[0].value, ast.Attribute)
                and isinstance(f.body[0].value.value, ast.Name)
                and f.body[0].value.value.id == "self"
            ):
                out[f.name] = f.body[0].value.attr
    return out


@lru_cache(maxsize=256)
def properties(tree: ast.AST) -> frozenset[str]:
    """The names of the file's properties (methods decorated ``@property``); once a tree (the
    rules ask it of every statement they look at)."""
    return frozenset(
        f.name
        for c in walk_tree(tree)
        if isinstance(c, ast.ClassDef)
        for f in c.body
        if isinstance(f, ast.FunctionDef)
        and any(
            (isinstance(d, ast.Name) and d.id == "property")
            or (isinstance(d, ast.Attribute) and d.attr in ("property", "cached_property"))
            for d in f.decorator_list
        )
    )


def property_reads(sf: SourceFile, line: int) -> list[ast.Call]:
    """The property reads on a line, each as a call of its getter (``self.precision``)."""
    if sf.tree is None:
        return []
    names = properties(sf.tree)
    return [
        c
        for name in names
        for c in _index(sf.tree, False).get(name, ())
        if c.lineno == line and not c.args and isinstance(c.func, ast.Attribute)
    ]


#: The methods of a torch module that register a function it calls at each call of its own.
HOOKS = frozenset(
    {
        "register_forward_pre_hook",
        "register_forward_hook",
        "register_full_backward_pre_hook",
        "register_full_backward_hook",
    }
)


def _hooks(
    tree: ast.Module, defs: dict[str, ast.FunctionDef], calls: list[ast.Call]
) -> list[tuple[str, ast.Call]]:
    """The file's functions registered as a module's hook (``section.register_forward_pre_hook(
    calibrate)``), each with the calls of that module, where the hook runs: by its name in the
    function that registers it, or, where that name is its parameter, by the name the
    registering function's callers pass (``attach_calibration(section, gains)`` in ``main``,
    calling ``section(scans)`` per reel: blind121's paper-mill)."""
    out: list[tuple[str, ast.Call]] = []
    for c in calls:
        if not (
            isinstance(c.func, ast.Attribute)
            and c.func.attr in HOOKS
            and isinstance(c.func.value, ast.Name)
            and c.args
            and isinstance(c.args[0], ast.Name)
            and c.args[0].id in defs
        ):
            continue
        obj = c.func.value.id
        scope = _innermost_def(tree, c.lineno)
        where: list[tuple[ast.AST, str]] = [(scope if scope is not None else tree, obj)]
        params = [p.arg for p in scope.args.args] if scope is not None else []
        if scope is not None and obj in params:
            for k in calls:
                if isinstance(k.func, ast.Name) and k.func.id == scope.name:
                    given = argument(k, params, obj, False)
                    if isinstance(given, ast.Name):
                        outer = _innermost_def(tree, k.lineno)
                        where.append((outer if outer is not None else tree, given.id))
        for body, name in where:
            nodes = walk_tree(body) if body is not tree else _module_level(tree)
            out.extend(
                (c.args[0].id, x)
                for x in nodes
                if isinstance(x, ast.Call) and isinstance(x.func, ast.Name) and x.func.id == name
            )
    return out


def _innermost_def(tree: ast.Module, line: int) -> ast.FunctionDef | None:
    found = None
    for n in walk_tree(tree):
        if (
            isinstance(n, ast.FunctionDef)
            and n.lineno <= line <= (n.end_lineno or n.lineno)
            and (found is None or n.lineno > found.lineno)
        ):
            found = n
    return found


def _module_level(tree: ast.Module) -> list[ast.AST]:
    """The nodes of the module's own statements (not inside its functions or classes)."""
    out: list[ast.AST] = []
    for st in tree.body:
        if not isinstance(st, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            out.extend(ast.walk(st))
    return out


def _aliased(value: ast.expr, defs: dict[str, ast.FunctionDef]) -> str | None:
    if isinstance(value, ast.Name) and value.id in defs:
        return value.id
    if (
        isinstance(value, ast.Call)
        and call_name(value) in PARTIALS | {"partial"}
        and value.args
        and isinstance(value.args[0], ast.Name)
        and value.args[0].id in defs
    ):
        return value.args[0].id
    if (
        isinstance(value, ast.Lambda)
        and isinstance(value.body, ast.Call)
        and isinstance(value.body.func, ast.Name)
        and value.body.func.id in defs
    ):
        return value.body.func.id
    return None


def _through(call: ast.Call, target: str, value: ast.expr) -> ast.Call | None:
    """The call of ``target`` that calling the alias ``value`` makes."""
    if isinstance(value, ast.Name):
        return _renamed(call, target, [], [])
    if isinstance(value, ast.Call):
        # functools.partial(f, *bound, **bound_kw)(*args, **kw): f(*bound, *args, **bound_kw, **kw)
        return _renamed(call, target, list(value.args[1:]), list(value.keywords))
    assert isinstance(value, ast.Lambda) and isinstance(value.body, ast.Call)
    # (lambda b: f(b, mean, cov))(x): f(x, mean, cov)
    params = [p.arg for p in value.args.args]
    given = dict(zip(params, call.args, strict=False))
    given.update({k.arg: k.value for k in call.keywords if k.arg is not None})
    made = put_names(value.body, given)
    assert isinstance(made, ast.Call)
    return _renamed(made, target, [], [], at=call)


def _renamed(
    call: ast.Call,
    target: str,
    before: list[ast.expr],
    keywords: list[ast.keyword],
    at: ast.Call | None = None,
) -> ast.Call:
    # (copies: the file's own tree is never changed; the arguments keep where they stand)
    made = ast.Call(
        func=ast.Name(id=target, ctx=ast.Load()),
        args=copy.deepcopy([*before, *call.args]),
        keywords=copy.deepcopy([*keywords, *call.keywords]),
    )
    # (what a partial binds was evaluated once, where the partial was made)
    for value in [*made.args[: len(before)], *(k.value for k in made.keywords[: len(keywords)])]:
        setattr(value, BOUND, True)
    where = at if at is not None else call
    for n in (made, made.func):
        ast.copy_location(n, where)
    return made


#: The mark of an argument a ``functools.partial`` bound (:func:`bound`).
BOUND = "_arraybench_bound"
#: The mark of a call ``map`` makes (:func:`mapped_by`).
MAPPED = "_arraybench_mapped"


def mapped_by(call: ast.Call) -> ast.Call | None:
    """The ``map(f, items)`` call that makes ``call`` once per item, where it is one."""
    return getattr(call, MAPPED, None)


def bound(arg: ast.expr) -> bool:
    """Whether a call of an alias passes ``arg`` as its ``functools.partial`` bound it: the same
    value at every call (``lap=laplacian(n, k)`` evaluated once, when the partial was made)."""
    return bool(getattr(arg, BOUND, False))


def argument(call: ast.Call, params: list[str], name: str, method: bool) -> ast.expr | None:
    """What ``call`` passes for the parameter ``name`` of a function whose parameters are
    ``params`` (by keyword or by place; a method called on an object passes ``self`` by
    that), or None where it passes nothing for it."""
    for k in call.keywords:
        if k.arg == name:
            return k.value
    if name not in params:
        return None
    bound = params[:1] == ["self"] or params[:1] == ["cls"]
    i = params.index(name) - (1 if bound and isinstance(call.func, ast.Attribute) else 0)
    return call.args[i] if 0 <= i < len(call.args) else None


def reached(sf: SourceFile, regions: list[tuple[int, int]], depth: int) -> list[tuple[int, int]]:
    """The regions and the bodies of the file's functions they call, ``depth`` calls down."""
    regions = list(regions)
    for _ in range(depth):
        more = called_bodies(sf, regions)
        if not more:
            break
        regions += more
    return regions


def called_bodies(sf: SourceFile, regions: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The bodies of the file's functions that calls in those lines make, by name or as a
    method (``self.potential.drift(x)``), outside the regions themselves."""
    if sf.tree is None:
        return []
    defs: dict[str, list[ast.FunctionDef]] = {}
    for n in walk_tree(sf.tree):
        if isinstance(n, ast.FunctionDef):
            defs.setdefault(n.name, []).append(n)
    out: list[tuple[int, int]] = []
    for c in walk_tree(sf.tree):
        if not isinstance(c, ast.Call) or not any(lo <= c.lineno <= hi for lo, hi in regions):
            continue
        for fn in defs.get(call_name(c), []):
            # (from its ``def`` line: a region's first line is its header, not its work)
            span = (fn.lineno, fn.end_lineno or fn.lineno)
            if span not in out and not any(lo <= span[0] <= hi for lo, hi in regions):
                out.append(span)
    return out
