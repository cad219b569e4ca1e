"""Two loop-invariant statements of one function where one makes the other's input: one
finding. ``a = np.eye(n) - dt * k * self.laplacian()`` then ``return np.linalg.inv(a)``:
hoisting the inverse takes the matrix along, and rewriting either alone saves only its own part
(blind86's cheese brining: 49% and 48% stated on two lines, 96% saved by computing the inverse
once). The costlier statement is the finding; the other one's time and gain join it."""

from __future__ import annotations

import ast
from dataclasses import replace

from ....base.units import format_time
from ...read.calls import calls_of
from ...read.purity import COSTLY_CALLS, pure_functions
from ...read.source import SourceFile, enclosing_function, statement_at
from ...read.syntax import call_name, own_call_name, walk_tree
from ...records import Finding
from .base import Analysis

#: Calls whose statement hosts a chain it is part of: an inverse or a factorization.
FACTORING = COSTLY_CALLS & {
    "inv",
    "pinv",
    "cholesky",
    "qr",
    "eigh",
    "eig",
    "eigvalsh",
    "eigvals",
    "svd",
    "det",
    "slogdet",
    "expm",
    "matrix_exp",
    "lu",
    "lu_factor",
    "cho_factor",
    "splu",
    "factorized",
}


def folded(
    a: Analysis, sf: SourceFile, f: Finding, aside: dict[tuple[str, int], Finding] | None = None
) -> Finding | None:
    """``f`` with an AB411 finding already listed that it chains with folded in (that one
    taken out of ``a.found``), or None where ``f`` is the earlier statement of such a chain
    (folded into the listed one in its place). ``aside``: statements found invariant but too
    small to list, each made for one later statement: the one that makes ``f``'s input joins
    it (and leaves ``aside``)."""
    if _calls_taken_out(a, sf, f) is not None:
        return None
    f = _at_work(a, sf, f)
    aside = {} if aside is None else aside
    early = next(
        (g for g in aside.values() if g.path == f.path and feeds_one(sf, g.line) == f.line), None
    )
    if early is not None:
        del aside[(early.path, early.line)]
        f = _joined(f, early, _feeds(sf, early.line, f.line) or "")
        _hold(a, early)
    for key, g in list(a.found.items()):
        if key[0] != f.path or g.code != f.code or g.line == f.line:
            continue
        # (the call of a function whose own statement is the other: one saving, told on the
        # statement that makes the value, at the larger of the two prices (the call's holds all
        # the function's work); blind101's ferry timetable listed the inverse and its call
        # at 88% each)
        # (but a function that builds its value over several statements, all as invariant,
        # is its call's to take out: blind104's moss kernel, ``diff``, its distances, its
        # diagonal and its normalisation, told at ``k = dispersal_kernel(self.coords, 35.0)``)
        if _calls_body_of(sf, f.line, g.line):
            if _call_takes_out(a, sf, g.line):
                del a.found[key]
                _hold(a, g)
                return _through_call(f, g, inner=False)
            a.found[key] = _through_call(g, f)
            _hold(a, f)
            return None
        if _calls_body_of(sf, g.line, f.line):
            if _call_takes_out(a, sf, f.line):
                a.found[key] = _through_call(g, f, inner=False)
                _hold(a, f)
                return None
            del a.found[key]
            _hold(a, g)
            return _through_call(f, g)
        early, late = (g, f) if g.line < f.line else (f, g)
        name = _feeds(sf, early.line, late.line)
        if name is None:
            continue
        # (told on the costlier of the two: the inverse, where the statement after it only
        # multiplies by it, blind105's saffron beds; its value computed once takes the other
        # along either way. A factorization or inverse first, wherever the time of the calls
        # on the other line lands: blind117's wind farm, ``np.linalg.inv(coupling)`` after a
        # line calling the method that makes the coupling)
        if (_factors(sf, early.line), early.seconds) > (_factors(sf, late.line), late.seconds):
            host, other = early, late
        else:
            host, other = late, early
        merged = _joined(host, other, name)
        del a.found[key]
        _hold(a, other)
        if host is g:
            a.found[(g.path, g.line)] = merged
            return None
        return merged
    return f


def _joined(host: Finding, other: Finding, name: str) -> Finding:
    """``host`` with the statement of its chain that makes its input or reads its value,
    ``name``, joined: their time and gain summed, the other line told."""
    if other.line < host.line:
        joined = (
            f"line {other.line}, which makes its input {name}, is as invariant "
            f"({format_time(other.seconds)} more): computing this line's value once takes "
            "it along"
        )
    else:
        joined = (
            f"line {other.line}, which reads its value {name}, is as invariant "
            f"({format_time(other.seconds)} more): computing that line's value once takes "
            "this one along"
        )
    return replace(
        host,
        seconds=host.seconds + other.seconds,
        share=host.share + other.share,
        gain=_summed(host, other),
        evidence=f"{host.evidence}; {joined}",
    )


def feeds_one(sf: SourceFile, line: int) -> int | None:
    """The one later statement of its function that reads the name the statement at ``line``
    assigns, where no other statement reads it (:func:`_feeds`), or None."""
    fn = enclosing_function(sf, line)
    name = None if fn is None else made_name(fn, line)
    if fn is None or name is None:
        return None
    later = {sf.span(ln)[0] for ln in _read_lines(fn, name)}
    if len(later) != 1:
        return None
    at = later.pop()
    return at if at > line and _feeds(sf, line, at) is not None else None


def _factors(sf: SourceFile, line: int) -> bool:
    """Whether the statement at ``line`` calls an inverse or a factorization (FACTORING)."""
    first, last = sf.span(line)
    return any(call_name(c) in FACTORING for ln in range(first, last + 1) for c in sf.calls_on(ln))


def taken_out(a: Analysis, sf: SourceFile, code: str) -> None:
    """The file's listed findings of ``code`` that sit in a function whose every call a listed
    one of them computes once (listed before that one was), folded into it."""
    for key in list(a.found):
        g = a.found.get(key)
        if key[0] != sf.path or g is None or g.code != code:
            continue
        del a.found[key]
        if _calls_taken_out(a, sf, g) is None:
            a.found[key] = g


def _hold(a: Analysis, f: Finding) -> None:
    """The lines of a statement folded into another's finding: taken out with it."""
    a.held.update((f.path, ln) for ln in range(f.line, f.end + 1))


def _calls_taken_out(a: Analysis, sf: SourceFile, f: Finding) -> Finding | None:
    """The listed finding, where every call of the function holding ``f``'s statement is on
    its lines or on lines folded into it (``f``'s work made once with them): that finding, told
    so. blind105's saffron beds: ``net.kernel()``'s distance matrix listed again at 38% beside
    the inverse whose chain computes both of its calls once (89%)."""
    fn = enclosing_function(sf, f.line)
    if fn is None:
        return None
    params = [p.arg for p in fn.args.args]
    calls = calls_of(sf, fn.name, bool(params) and params[0] == "self")
    listed = [
        g for g in a.found.values() if g.path == f.path and g.code == f.code and g.line != f.line
    ]
    hosts: list[Finding] = []
    for c in calls:
        g = next((g for g in listed if g.line <= c.lineno <= g.end), None)
        if g is None and (f.path, c.lineno) in a.held:
            # (a line folded into a finding of the same function; not of the module's body,
            # whose every line is "the same function": ``s += score(table, idx)`` folded into
            # ``score``'s own copy, then that copy folded into the next line's ``score32(small,
            # idx)``, both gone from the report, tests/advise/test_reductions_and_copies.py
            # under load)
            caller = enclosing_function(sf, c.lineno)
            if caller is not None:
                g = next((g for g in listed if enclosing_function(sf, g.line) is caller), None)
        if g is None:
            return None
        hosts.append(g)
    if not hosts or len({g.line for g in hosts}) != 1:
        return None
    g = hosts[0]
    lines = sorted({c.lineno for c in calls})
    said = ", ".join(str(ln) for ln in lines)
    a.found[(g.path, g.line)] = replace(
        g,
        evidence=f"{g.evidence}; line {f.line}, in {fn.name}(), which only line"
        f"{'s' if len(lines) > 1 else ''} {said} call{'' if len(lines) > 1 else 's'}, is as "
        f"invariant ({format_time(f.seconds)}): computing this value once takes it along",
    )
    # (the whole function runs in those calls alone: its other lines go with it)
    a.held.update((f.path, ln) for ln in range(fn.lineno, (fn.end_lineno or f.end) + 1))
    return g


def _feeds(sf: SourceFile, early: int, late: int) -> str | None:
    """The name the statement at ``early`` assigns that the statement at ``late`` reads, in one
    function, read nowhere else in it (the later statement's value is all it is made for)."""
    fn = enclosing_function(sf, early)
    if fn is None or fn is not enclosing_function(sf, late):
        return None
    name = made_name(fn, early)
    if name is None:
        return None
    stored = [
        n
        for n in ast.walk(fn)
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
    ]
    read = _read_lines(fn, name)
    if len(stored) != 1 or not read or any(ln != late for ln in read):
        return None
    return name


def made_name(fn: ast.AST, line: int) -> str | None:
    """The name the one-target assignment at ``line`` of ``fn`` (a function, or a module)
    binds, or None."""
    return next(
        (
            t.id
            for n in walk_tree(fn)
            if isinstance(n, ast.Assign) and n.lineno == line and len(n.targets) == 1
            for t in n.targets
            if isinstance(t, ast.Name)
        ),
        None,
    )


def _read_lines(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> list[int]:
    """The lines of ``fn`` where ``name`` is read, once per read."""
    return [
        n.lineno
        for n in ast.walk(fn)
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
    ]


def _summed(late: Finding, early: Finding) -> tuple[float, float] | None:
    if late.gain is None or early.gain is None:
        return late.gain
    return (late.gain[0] + early.gain[0], late.gain[1] + early.gain[1])


def _calls_body_of(sf: SourceFile, caller: int, inner: int) -> bool:
    """Whether the statement at ``caller`` calls the file's function (by name, or a method of
    ``self``) whose body holds the line ``inner``."""
    fn = enclosing_function(sf, inner)
    if fn is None or sf.tree is None:
        return False
    first, last = sf.span(caller)
    return any(
        own_call_name(c) == fn.name for ln in range(first, last + 1) for c in sf.calls_on(ln)
    )


def _through_call(first: Finding, other: Finding, inner: bool = True) -> Finding:
    """``first``, priced as the larger of the two, saying where the other is: the statement's
    finding with its call's line (``inner``), or the call's with the statement's."""
    top = other if other.seconds > first.seconds else first
    said = (
        f"its function is called on line {other.line} ({format_time(other.seconds)} there, its "
        "time and this line's one saving)"
        if inner
        else f"line {other.line}, in the function it calls, is as invariant, and the lines "
        "that build that function's value with it: computing the call once takes them along"
    )
    return replace(
        first,
        seconds=top.seconds,
        share=top.share,
        gain=top.gain,
        # (told once: a call reached twice, moved to its function's line of work and found
        # there too, joins the statement once)
        evidence=first.evidence
        if f"is called on line {other.line} (" in first.evidence
        else f"{first.evidence}; {said}",
    )


def _call_takes_out(a: Analysis, sf: SourceFile, line: int) -> bool:
    """Whether the invariant statement at ``line``, in a function a finding's call calls, is
    told at that call: the function builds its value over several statements and its work is
    elsewhere than this line, or this line is a pure function's ``return``."""
    return (_built_over_lines(sf, line) and _work_line(a, sf, line) != line) or _returns_whole(
        sf, line
    )


def _returns_whole(sf: SourceFile, line: int) -> bool:
    """Whether the statement at ``line`` is the ``return`` of a pure function of the file
    built over several statements: the call is the value, made once where it is called
    (blind175's display cases, ``W = trend_weights(HALF_WINDOW, order)`` per hour, whose
    ``return np.linalg.pinv(V)`` was told, to be computed once and "passed to
    trend_weights()")."""
    fn = enclosing_function(sf, line)
    stmt = statement_at(sf, line)
    return (
        fn is not None
        and isinstance(stmt, ast.Return)
        and _built_over_lines(sf, line)
        and fn.name in pure_functions(sf)
    )


def _built_over_lines(sf: SourceFile, line: int) -> bool:
    """Whether the function holding ``line`` has more than two statements (a docstring
    aside): its value built over several, not one statement and its ``return``."""
    fn = enclosing_function(sf, line)
    if fn is None:
        return False
    body = [
        st
        for st in fn.body
        if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant))
    ]
    return len(body) > 2


#: The share of a function's time its statement of an inverse or a factorization must hold to
#: host the finding of its call (the rest of the function built around it).
WORK_HOLDS = 2 / 3


def _work_line(a: Analysis, sf: SourceFile, line: int) -> int | None:
    """The statement of the function holding ``line`` that calls an inverse or a factorization
    (:func:`_factors`) and holds WORK_HOLDS of the function's time, or None (a function with a
    loop: its time is its loop's). Not any costly statement: blind23's transfer function, told
    at its call, builds its value over five statements, its FFT most of it."""
    fn = enclosing_function(sf, line)
    if fn is None or any(isinstance(n, ast.For | ast.While) for n in ast.walk(fn)):
        return None
    whole = a.led.span(sf.path, fn.lineno, fn.end_lineno or fn.lineno)
    for st in fn.body:
        first, last = sf.span(st.lineno)
        if (
            _factors(sf, st.lineno)
            and whole > 0
            and a.led.span(sf.path, first, last) >= WORK_HOLDS * whole
        ):
            return st.lineno
    return None


def _at_work(a: Analysis, sf: SourceFile, f: Finding) -> Finding:
    """``f``, a call of the file's function whose value is the same at every call, told at that
    function's inverse or factorization where that statement holds most of its time (``inv, r =
    self._operator()`` with ``return np.linalg.inv(a), r``, 91% of it: blind134's snowpack; the
    lines around it go with it); else ``f`` as it is (blind104's moss kernel, its time over
    four lines: told at the call)."""
    if sf.tree is None:
        return f
    first, last = sf.span(f.line)
    names = {own_call_name(c) for ln in range(first, last + 1) for c in sf.calls_on(ln)}
    defs = [n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef) and n.name in names]
    if len(defs) != 1 or not defs[0].body:
        return f
    at = _work_line(a, sf, defs[0].body[-1].lineno)
    if at is None or at == f.line or (f.path, at) in a.found:
        return f
    g, _ = a.finding(sf, at, f.code)
    _hold(a, f)
    held = a.led.span(sf.path, *sf.span(at)) / max(f.seconds, 1e-12)
    return replace(
        g,
        seconds=f.seconds,
        share=f.share,
        gain=f.gain,
        evidence=f"{f.evidence}; this line holds {min(held, 1.0):.0%} of it, where "
        f"{defs[0].name}() is called on line {f.line}",
    )
