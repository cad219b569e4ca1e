"""What a loop changes and what it does not: the names a statement reads (an attribute of
``self`` and a dict's item by a constant key as their own inputs), whether one may change
between two lines (assigned, rebound, written into, changed in place or by a function of the
file), and the calls of a function made inside loops (rules/patterns/loop_invariant.py)."""

from __future__ import annotations

import ast

from ...read.calls import argument, bound, calls_of, mapped_by, properties
from ...read.purity import (
    COSTLY_CALLS,
    MODULE_ROOTS,
    PURE_CALLS,
    attribute_changed,
    keeps_object,
    made_repeatedly,
    set_after_init,
)
from ...read.source import Loop, SourceFile, call_name, enclosing_function, stored_in
from ...read.syntax import one_return, walk_tree
from ...run.values import Fact
from .base import Analysis
from .expressions import held_names

#: In-place methods and functions that change an array without an assignment.
MUTATORS = frozenset({"sort", "fill", "shuffle", "copyto", "put", "resize", "itemset", "place"})


def _inputs(
    value: ast.expr,
    pure: frozenset[str] = frozenset(),
    costly_too: frozenset[str] = frozenset(),
    need_costly: bool = True,
    callables: frozenset[str] = frozenset(),
) -> set[str] | None:
    """The names the expression reads, or None when it calls anything but PURE_CALLS and the
    file's functions of their arguments only (``pure``), or holds no costly call, matrix
    product or call of such a function. ``callables``: attributes of the object (``self.kernel``)
    that hold objects of the file's classes whose calls give the same result for the same
    arguments (:func:`~arraybench.advise.read.purity.frozen_classes`); a call of one is like a
    call of a pure function, the attribute an input."""
    costly = False
    funcs: set[int] = set()
    # a comprehension over a range of numbers (``[np.sin(k * grid) for k in range(8)]``): its
    # targets are its own, the rest its inputs
    local: set[str] = set()
    for n in ast.walk(value):
        if isinstance(n, ast.comprehension):
            it = n.iter
            if not (
                isinstance(it, ast.Call)
                and isinstance(it.func, ast.Name)
                and it.func.id == "range"
                and not n.ifs
            ):
                return None
            local |= {t.id for t in ast.walk(n.target) if isinstance(t, ast.Name)}
    for n in ast.walk(value):
        if isinstance(n, ast.Call):
            name = call_name(n)
            own = (isinstance(n.func, ast.Name) and n.func.id in pure) or (
                isinstance(n.func, ast.Attribute) and ast.unparse(n.func) in callables
            )
            if name not in PURE_CALLS and not own and name != "range":
                return None
            costly |= name in COSTLY_CALLS or name in costly_too or own
            # a function called by name (``inv(S)``) is not an input; a method's receiver
            # (X of X.sum()) is, a module (np of np.linalg.inv) is not (MODULE_ROOTS)
            if isinstance(n.func, ast.Name):
                funcs.add(id(n.func))
        elif isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult):
            costly = True
        elif isinstance(n, ast.Lambda | ast.NamedExpr):
            return None
    if not costly and need_costly:
        return None
    held = held_names(value)
    return {
        held.get(id(n), n.id)
        for n in ast.walk(value)
        if isinstance(n, ast.Name)
        and id(n) not in funcs
        and n.id not in MODULE_ROOTS
        and n.id not in local
    }


def _writes_param(sf: SourceFile, func: str, index: int, depth: int = 1) -> bool:
    """Whether the file's function ``func`` writes into its ``index``-th parameter (``depth``:
    the calls followed so far; a function that passes its parameter to itself ends there)."""
    if sf.tree is None:
        return True
    for node in walk_tree(sf.tree):
        if isinstance(node, ast.FunctionDef) and node.name == func:
            params = [a.arg for a in node.args.args]
            if index >= len(params):
                return False
            last = node.end_lineno or node.lineno
            return _changed(sf, params[index], node.lineno + 1, last, depth=depth)
    return False


def _changed(sf: SourceFile, name: str, first: int, last: int, depth: int = 0) -> bool:
    """Whether ``name`` may change between those lines: assigned or written into, rebound by a
    ``for``, a comprehension, ``with ... as`` or ``:=``, changed in place (``x.add_()``,
    ``x.sort()``, ``np.copyto(x, ...)``, ``out=x``, or a method not known to be pure:
    ``model.step()``), or handed to a function of the file that writes its parameter. An
    attribute ``self.A`` changes where it is stored or changed in place there, or in a method
    of the file called there."""
    if name.startswith("self."):
        return attribute_changed(sf, name[5:], first, last, PURE_CALLS)
    name = name.split("[", 1)[0]  # a dict's item (``graph['links']``) changes with the dict
    if stored_in(sf, name, first, last):
        return True
    assert sf.tree is not None
    funcs = {n.name for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
    for node in walk_tree(sf.tree):
        # (a comprehension's ``for`` has no line of its own: its target's)
        line = getattr(node.target if isinstance(node, ast.comprehension) else node, "lineno", 0)
        if not first <= line <= last:
            continue
        bound: ast.AST | None = None
        if isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            bound = node.target
        elif isinstance(node, ast.withitem):
            bound = node.optional_vars
        elif isinstance(node, ast.NamedExpr):
            bound = node.target
        if bound is not None and any(
            isinstance(n, ast.Name) and n.id == name for n in ast.walk(bound)
        ):
            return True
        if not isinstance(node, ast.Call):
            continue
        cn = call_name(node)
        f = node.func
        if (
            isinstance(f, ast.Attribute)
            and isinstance(f.value, ast.Name)
            and f.value.id == name
            and (cn.endswith("_") or cn in MUTATORS or cn not in PURE_CALLS)
            # (a method of the file's classes that changes nothing of its object's:
            # ``sensor.second_difference()`` of a frozen dataclass, blind97's scene)
            and not keeps_object(sf.tree, cn)
        ):
            # x.add_(), x.sort(), and any method that is not known to leave its object as it
            # was (model.step(), buf.update(...)): the object may change
            return True
        first_arg = node.args[0] if node.args else None
        if cn in MUTATORS and isinstance(first_arg, ast.Name) and first_arg.id == name:
            return True  # rng.shuffle(x), np.copyto(x, y), np.put(x, ...)
        if any(
            k.arg == "out" and isinstance(k.value, ast.Name) and k.value.id == name
            for k in node.keywords
        ):
            return True
        if isinstance(f, ast.Name) and f.id in funcs and depth < 2:
            for i, a in enumerate(node.args):
                if (
                    isinstance(a, ast.Name)
                    and a.id == name
                    and _writes_param(sf, f.id, i, depth + 1)
                ):
                    return True
            if _writes_global(sf, f.id, name):
                return True
    return False


def of_class(fact: Fact | None, classes: set[str]) -> bool:
    """Whether a value seen is an object of one of the file's classes."""
    return fact is not None and fact.type.rsplit(".", 1)[-1] in classes


def _writes_global(sf: SourceFile, func: str, name: str) -> bool:
    """Whether the file's function ``func`` writes into ``name`` without binding it as a
    parameter (``W -= lr * g`` under ``global W``, ``W[...] = ...`` on the module's array)."""
    assert sf.tree is not None
    for node in walk_tree(sf.tree):
        if isinstance(node, ast.FunctionDef) and node.name == func:
            if name in {p.arg for p in node.args.args}:
                return False
            return stored_in(sf, name, node.lineno + 1, node.end_lineno or node.lineno)
    return False


def _callers(
    sf: SourceFile, func: str, method: bool, a: Analysis | None = None
) -> list[tuple[ast.Call, Loop]]:
    """The calls of the file's function ``func`` made inside a loop, with that loop: by name,
    or for a method, on an object of the file's classes (``s.step(b)``, the run saw ``s`` as
    one; not ``optimizer.step()``)."""
    assert sf.tree is not None
    classes = {n.name for n in walk_tree(sf.tree) if isinstance(n, ast.ClassDef)}
    out = []
    for c in calls_of(sf, func, method):
        if (
            isinstance(c.func, ast.Name)
            or (
                isinstance(c.func, ast.Attribute)
                and isinstance(c.func.value, ast.Name)
                and (
                    c.func.value.id in classes  # (a static method on its class)
                    or (
                        a is not None
                        and of_class(
                            a.ev.facts_at((sf.path, c.lineno)).get(c.func.value.id), classes
                        )
                    )
                )
            )
            or (
                # an object another holds, ``self.chain.accel(u, v, g)``, seen as one of the file's
                isinstance(c.func, ast.Attribute)
                and isinstance(c.func.value, ast.Attribute)
                and isinstance(c.func.value.value, ast.Name)
                and c.func.value.value.id == "self"
                and a is not None
                and of_class(
                    a.ev.facts_at((sf.path, c.lineno)).get(ast.unparse(c.func.value)), classes
                )
            )
        ):
            # (a comprehension is a loop too: ``sum(score(q) for q in queries)``)
            loops = sorted(
                (lp for lp in sf.loops if lp.line <= c.lineno <= lp.end),
                key=lambda lp: (-lp.line, lp.end - lp.line),
            )
            m = mapped_by(c)
            if m is not None and not any(lp.line == m.lineno for lp in loops):
                # (``map(matcher.match, swatches)``: the map is the loop, a call per item)
                loops.insert(0, map_loop(m))
            if loops:
                out.append((c, loops[0]))
    return out


def map_loop(m: ast.Call) -> Loop:
    """The loop a ``map(f, items)`` call runs, as a comprehension over ``items``."""
    return Loop(
        m.lineno,
        m.end_lineno or m.lineno,
        m.lineno,
        (),
        False,
        comprehension=True,
        names=tuple(dict.fromkeys(n.id for n in ast.walk(m) if isinstance(n, ast.Name))),
        over=m.args[1],
    )


def _made_same(sf: SourceFile, name: str, lp: Loop, before: int, depth: int = 0) -> bool:
    """Whether the loop assigns ``name`` once, above ``before``, from inputs it never changes
    (or that it makes the same way), and changes it nowhere else: the same value at every
    iteration."""
    assert sf.tree is not None
    made = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Assign)
        and lp.line < n.lineno < before
        and len(n.targets) == 1
        and isinstance(n.targets[0], ast.Name)
        and n.targets[0].id == name
    ]
    if len(made) != 1 or depth > 2:
        return False
    node = made[0]
    first, last = sf.span(node.lineno)
    if _changed(sf, name, lp.line, first - 1) or _changed(sf, name, last + 1, lp.end):
        return False
    inputs = _inputs(node.value, need_costly=False)
    return inputs is not None and all(
        not _changed(sf, m, lp.line, lp.end) or _made_same(sf, m, lp, node.lineno, depth + 1)
        for m in inputs
    )


def _made_line(sf: SourceFile, name: str, lp: Loop, before: int) -> int:
    """The line in the loop above ``before`` that assigns ``name``, or 0."""
    assert sf.tree is not None
    return max(
        (
            n.lineno
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.Assign)
            and lp.line < n.lineno < before
            and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)
        ),
        default=0,
    )


def _read_names(e: ast.expr) -> set[str]:
    """The names an expression reads (calls too: ``range(self.means.shape[0])`` reads
    ``self.means``), an attribute of ``self`` as ``self.x``."""
    held = held_names(e)
    funcs = {id(c.func) for c in ast.walk(e) if isinstance(c, ast.Call)}
    return {
        held.get(id(n), n.id)
        for n in ast.walk(e)
        if isinstance(n, ast.Name) and id(n) not in funcs and n.id not in MODULE_ROOTS
    }


def _inputs_of(e: ast.expr) -> set[str] | None:
    """The names an argument reads, or None when it calls anything."""
    if any(isinstance(n, ast.Call) for n in ast.walk(e)):
        return None
    return {n.id for n in ast.walk(e) if isinstance(n, ast.Name)}


def held_attribute(sf: SourceFile, e: ast.expr | None) -> str | None:
    """``ring.design`` for an argument that is an object's attribute which only ``__init__``
    sets (no method, no module code assigns or changes ``.design``): it stays as long as the
    name is not bound again, whatever methods of the object the loop calls."""
    if (
        isinstance(e, ast.Attribute)
        and isinstance(e.value, ast.Name)
        and e.value.id != "self"
        and not set_after_init(sf, e.attr)
    ):
        return f"{e.value.id}.{e.attr}"
    return None


def passed_unchanged(
    sf: SourceFile,
    callers: list[tuple[ast.Call, Loop]],
    params: list[str],
    method: bool,
    names: set[str],
) -> bool:
    """Whether every call inside a loop passes the function the same inputs at every iteration:
    for each of ``names`` that is a parameter, the argument's names are not changed in the
    calling loop (a method's object, whole, may change: no); any other name is not changed
    there either. A name ``p.attr`` (:func:`held_attribute`) needs only ``p`` not bound
    again."""
    # (only where the function reads its object: ``whittaker(trace, lam)`` of each
    # geophone reads no attribute of it, blind176)
    reads_self = any(n == "self" or n.startswith("self.") for n in names)
    for c, lp in callers:
        # (a method of another object at each iteration, ``line.melt_day(...)`` for each
        # ``line``: its ``self`` is not the same; blind116's glacier stakes)
        recv = c.func.value if method and isinstance(c.func, ast.Attribute) else None
        if (
            reads_self
            and isinstance(recv, ast.Name)
            and recv.id != "self"
            and _rebound(sf, recv.id, lp)
        ):
            return False
        for n in names:
            base, dot, attr = n.partition(".")
            if dot and base != "self" and not set_after_init(sf, attr):
                if base in params:
                    given = argument(c, params, base, method)
                    if not isinstance(given, ast.Name) or stored_in(sf, given.id, lp.line, lp.end):
                        return False
                elif stored_in(sf, base, lp.line, lp.end):
                    return False
                continue
            if n in params:
                given = argument(c, params, n, method)
                # (bound once where the partial was made: unless the loop makes it again,
                # ``voice = partial(sing, flat_cents=rng.uniform(0, 35))`` per singer)
                if given is not None and bound(given) and not lp.line <= given.lineno <= lp.end:
                    continue
                # (not passed: its default, the same value at every call; blind176's
                # ``st.process(raw)`` of ``process(self, raw, lam=4.0)``)
                if (
                    given is None
                    and not any(isinstance(x, ast.Starred) for x in c.args)
                    and all(k.arg is not None for k in c.keywords)
                ):
                    continue
                if (
                    isinstance(given, ast.Attribute)
                    and isinstance(given.value, ast.Name)
                    and given.value.id == "self"
                    and not attribute_changed(sf, given.attr, lp.line, lp.end, PURE_CALLS)
                ):
                    # (the object's attribute, which nothing in the loop changes, though the
                    # loop calls the object's callbacks: ``advance(moisture, self.cfg,
                    # pressure)`` beside ``self.on_step(k, moisture)``, blind151's cider press)
                    continue
                arg = _inputs_of(given) if given is not None else None
                if arg is None or any(_changed(sf, m, lp.line, lp.end) for m in arg):
                    return False
            elif _changed(sf, n, lp.line, lp.end):
                return False
    return True


def _receivers_stay(sf: SourceFile, line: int, lp: Loop) -> bool:
    """Whether every object the loop reads the method or property holding ``line`` of (``X.m``
    in the loop's lines, ``X`` not ``self``) is one the loop never binds again: not a loop's or
    a comprehension's target, a lambda's parameter or a name it assigns. True where the loop's
    lines read it of no named object (reached through other calls: not known here)."""
    if sf.tree is None:
        return True
    func = sf.functions.get(line, "").rsplit(".", 1)[-1]
    if not func:
        return True
    lambdas = {
        p.arg
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Lambda) and lp.line <= n.lineno <= lp.end
        for p in n.args.args
    }
    for n in walk_tree(sf.tree):
        if (
            isinstance(n, ast.Attribute)
            and n.attr == func
            and isinstance(n.value, ast.Name)
            and n.value.id != "self"
            and lp.line <= n.lineno <= lp.end
            and (n.value.id in lambdas or _changed(sf, n.value.id, lp.line, lp.end))
        ):
            return False
    # (nor an object made anew where the calls repeat: ``FlourPlan(p).total_kg`` in a callback
    # lambda, a plan per batch; blind91's bakery, ``sum(self.demand)`` told "never changes")
    qualified = sf.functions.get(line, "")
    owner = qualified.rsplit(".", 1)[0] if "." in qualified else ""
    return not (owner and made_repeatedly(sf.tree, owner))


def _formula_read_whole(sf: SourceFile, line: int, lp: Loop) -> bool:
    """Whether the function holding ``line`` is one ``return`` of a formula (a longer getter's
    read is told where it is read: GetterRead) and, where it is a property, every object the
    loop reads it of is one the loop never binds again (``grid = Grid(...)`` at each sweep makes
    a new value)."""
    fn = enclosing_function(sf, line)
    if fn is None or sf.tree is None or one_return(fn) is None:
        return False
    return fn.name not in properties(sf.tree) or _receivers_stay(sf, line, lp)


def _rebound(sf: SourceFile, name: str, lp: Loop) -> bool:
    """Whether the loop binds ``name`` to another object: a loop's or a comprehension's target
    in it (its own included) or a plain assignment, each a store of the name (not a write into
    the object, ``farm.health -= ...``)."""
    return sf.tree is not None and any(
        isinstance(n, ast.Name)
        and n.id == name
        and isinstance(n.ctx, ast.Store)
        and lp.line <= n.lineno <= lp.end
        for n in walk_tree(sf.tree)
    )
