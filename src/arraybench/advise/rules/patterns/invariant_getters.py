"""AB411's property read: a pure property of an object the loop never changes, read at every
iteration (``r = f - grid.laplacian @ u`` with a getter that builds a sparse Laplacian from
``self.n`` and ``self.h``). The getter does its whole work again at every read; read once
before the loop, it does it once. Its price is the getter's own time in the run, a call at a
time, less one call per entry of the loop."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import replace

from ....base.units import format_time
from ...read.calls import properties
from ...read.purity import attribute_changed, pure_getters, set_after_init
from ...read.source import Loop, SourceFile
from ...read.syntax import call_name, one_return, walk_tree
from ...records import LIST_SHARE, Finding
from .base import Analysis
from .call_paths import called_from
from .changes import _changed
from .invariant_inputs import _entries
from .loop_invariant import LoopInvariant

#: Reads of the property below which taking it out of the loop saves next to nothing.
READS_MIN = 10


class GetterRead:
    """Runs after the patterns that find work inside a getter (a needless copy it returns, an
    inverse it makes from attributes: those say what to change there), before AB412's
    library calls on Python numbers, whose lines a getter read once no longer runs."""

    rule = LoopInvariant.rule

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        for node in walk_tree(sf.tree):
            if not isinstance(
                node, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.Expr | ast.Return
            ):
                continue
            line = node.lineno
            if (sf.path, line) in a.found or a.covered(sf.path, line):
                continue
            f = getter_read(a, sf, node, self.rule.code)
            if f is not None:
                yield f


def getter_read(
    a: Analysis,
    sf: SourceFile,
    node: ast.Assign | ast.AnnAssign | ast.AugAssign | ast.Expr | ast.Return,
    code: str,
) -> Finding | None:
    """The finding for the costliest pure property the statement reads of an object its loop
    never changes, or None."""
    if sf.tree is None or node.value is None:
        return None
    getters = pure_getters(sf)
    reads = [
        n
        for n in ast.walk(node.value)
        if isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Load)
        and n.attr in getters
        and isinstance(n.value, ast.Name)
    ]
    if not reads:
        return None
    line = node.lineno
    loops = [
        lp
        for lp in sf.enclosing_loops(line)
        if sf.functions.get(lp.line, "") == sf.functions.get(line, "")
    ]
    via = ""
    changed: Callable[[str], bool]
    if loops:
        lp: Loop = loops[0]
        changed = lambda m: _changed(sf, m, lp.line, lp.end)  # noqa: E731
    else:
        calling = called_from(a, sf, line)
        if calling is None:
            return None
        lp, via, changed = calling
    # (each property under its class: ``self.astringency`` of a ``Target`` whose field it is
    # is no read of ``Blend.astringency``, blind128's tea blends, told to cache it)
    classes = {c.name: c for c in walk_tree(sf.tree) if isinstance(c, ast.ClassDef)}
    owners = {
        (c.name, f.name): f
        for c in classes.values()
        for f in c.body
        if isinstance(f, ast.FunctionDef) and f.name in properties(sf.tree)
    }
    defs = {name: f for (_, name), f in owners.items()}
    here = next(
        (c.name for c in classes.values() if c.lineno <= line <= (c.end_lineno or c.lineno)),
        None,
    )
    seen = a.ev.facts_at((sf.path, line))
    best: tuple[float, float, ast.Attribute, ast.FunctionDef, int, bool] | None = None
    used = a.led.count((sf.path, line))
    entries = float(_entries(a, sf, lp))
    for n in reads:
        obj = n.value.id  # type: ignore[attr-defined]
        fn = defs.get(n.attr)
        kind = seen[obj].type if obj in seen else ""
        cls = here if obj == "self" else kind[9:] if kind.startswith("__main__.") else None
        if cls is not None and cls in classes:
            # (its own property, or one it inherits where it has no attribute of that name)
            fn = owners.get((cls, n.attr)) or (
                None if _names_attribute(classes[cls], n.attr) else fn
            )
        # (the object read whole: a name the loop never binds again; ``self`` in a method the
        # loop calls, whose getter reads attributes only ``__init__`` sets: pure_getters)
        if fn is None or not fn.body or (obj != "self" and changed(obj)):
            continue
        # (nor what the getter reads, changed from outside the object by the loop:
        # ``chain.dt *= 1.0001`` at every step)
        got_attrs = {
            x.attr
            for x in ast.walk(fn)
            if isinstance(x, ast.Attribute) and isinstance(x.ctx, ast.Load)
        }
        if any(attribute_changed(sf, attr, lp.line, lp.end) for attr in got_attrs):
            continue
        body = fn.body[0].lineno
        calls = a.led.count((sf.path, body)).n
        spent = a.led.span(sf.path, body, fn.end_lineno or body)
        if calls < READS_MIN or used.n < READS_MIN or used.n < 2 * entries:
            continue
        each = spent / calls
        # (what the getter reads set by __init__ alone: its value made once there serves every
        # read, from any line, all of its calls but one saved; blind48's stiffness tensor read
        # three times a step, by three methods)
        whole = _read_at(sf, n.attr) > 1 and not any(
            set_after_init(sf, attr) for attr in got_attrs - {"__class__"}
        )
        high = min(spent, max(0.0, (calls - 1 if whole else used.n - entries)) * each)
        if best is None or high > best[0]:
            best = (high, each, n, fn, calls, whole)
    if best is None:
        return None
    high, each, n, fn, calls, whole = best
    if high / a.total < LIST_SHARE:
        return None
    exact = used.exact and a.led.count((sf.path, fn.body[0].lineno)).exact
    low = 0.7 * high if exact else 0.5 * high
    getter_lines = range(fn.lineno, (fn.end_lineno or fn.lineno) + 1)
    if any((sf.path, ln) in a.found for ln in getter_lines):
        return None  # (the getter's own finding says what to change in it)
    # (a getter that is one ``return`` of a formula is that formula, built again at each read:
    # told on its line; one whose value serves every read, at its return; a longer one at the
    # read that runs it)
    ret = one_return(fn)
    last = fn.body[-1]
    if (
        ret is None
        and isinstance(last, ast.Return)
        and last.value is not None
        and (whole or _decomposes(last.value))
    ):
        # (and a longer one that returns an inverse or a factorization of what it built: the
        # costly call is on that line, ``return np.linalg.inv(A)``)
        ret = last
    at = ret.lineno if ret is not None else line
    f, _ = a.finding(sf, at, code)
    # (read once, the getter's work is gone, whatever it is made of: no finding of its own)
    a.held.update((sf.path, ln) for ln in getter_lines)
    text = ast.unparse(n)
    name = n.attr
    obj = n.value.id  # type: ignore[attr-defined]
    where = (
        "once in __init__, kept as an attribute that the getter returns"
        if obj == "self" or whole
        else f"once before the loop at line {lp.line} ({name} = {text}) and use {name} here"
    )
    said = (
        f"line {line} reads {text} {used} times"
        if at != line
        else f"runs {used} times; it reads {text}"
    ) + (f" ({calls:,} reads of {name} in all)" if whole and calls > used.n else "")
    return replace(
        f,
        seconds=high,
        share=high / a.total,
        count=used,
        evidence=f"{said}, a property whose getter (line "
        f"{fn.lineno}) builds its value again at every read: {calls:,} calls, "
        f"{format_time(each)} each ({format_time(each * calls)} in all), from attributes no "
        f"method but __init__ changes, of an object the loop at line {lp.line} never changes"
        f"{f' (it calls {via}())' if via else ''}; compute it {where}, or make the property a "
        "functools.cached_property",
        gain=(low, high),
    )


#: The calls a getter's closing ``return`` may make whose cost is the getter's: inverses,
#: solves and factorizations (not products or sums, whose building lines cost as much).
DECOMPOSITIONS = frozenset(
    {
        "inv",
        "pinv",
        "solve",
        "lstsq",
        "cholesky",
        "qr",
        "eigh",
        "eig",
        "svd",
        "lu_factor",
        "cho_factor",
        "splu",
        "spilu",
        "factorized",
        "expm",
        "matrix_exp",
    }
)


def _decomposes(value: ast.expr) -> bool:
    """Whether a returned value is an inverse, solve or factorization (``np.linalg.inv(A)``,
    ``np.linalg.inv(A) * s``)."""
    return any(isinstance(n, ast.Call) and call_name(n) in DECOMPOSITIONS for n in ast.walk(value))


def _read_at(sf: SourceFile, name: str) -> int:
    """On how many lines the file reads an attribute of that name."""
    assert sf.tree is not None
    return len(
        {
            n.lineno
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.ctx, ast.Load)
        }
    )


PATTERN = GetterRead()


def _names_attribute(cls: ast.ClassDef, attr: str) -> bool:
    """Whether the class binds ``attr`` itself: a field or class attribute of its body, or
    ``self.attr`` set in one of its methods."""
    for st in cls.body:
        targets = (
            st.targets
            if isinstance(st, ast.Assign)
            else [st.target]
            if isinstance(st, ast.AnnAssign)
            else []
        )
        if any(isinstance(t, ast.Name) and t.id == attr for t in targets):
            return True
    return any(
        isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Store)
        and isinstance(n.value, ast.Name)
        and n.value.id == "self"
        and n.attr == attr
        for n in ast.walk(cls)
    )
