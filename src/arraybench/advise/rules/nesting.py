"""Findings inside other findings: a loop's finding in the lines of another loop, or in the
functions its lines call (advise/rules/confirm.py prices the outer one without them)."""

from __future__ import annotations

from ..read.calls import callees, property_reads
from ..read.source import Loop, SourceFile, read_source
from ..records import Finding
from .families.loops import ELEMENT_MIN

#: How many calls down a finding in the file's functions is still inside a loop that calls them.
CALL_DEPTH = 3


def own_element_loop(outer: Finding, inner: Finding) -> bool:
    """Whether a loop inside another runs ELEMENT_MIN iterations or more per iteration of it:
    an element loop of its own, whose rewrite alone saves its time (``[np.dot(q, r) for r in
    M]`` over 20,000 rows, inside a loop over 80 queries), not a few items the outer loop's
    whole-array rewrite takes in passing (3 observations a particle)."""
    if outer.count is None or inner.count is None or not outer.count.n:
        return False
    return inner.count.n / outer.count.n >= ELEMENT_MIN


def inside(f: Finding, g: Finding) -> bool:
    """Whether ``g`` runs inside ``f``'s loop: within its lines, or in a function of the file
    that its lines call (``closest(x)`` in a loop over test samples), or that such a function
    calls (``best(q)`` calling ``similarity(q, rows)``: CALL_DEPTH calls down at most)."""
    if g.path == f.path and f.line < g.line <= f.end:
        return True
    return g.path == f.path and in_callee(f, g)


def in_callee(f: Finding, g: Finding) -> bool:
    """Whether ``g`` sits in a function of the file that ``f``'s lines call, CALL_DEPTH calls
    down at most."""
    sf = read_source(f.path)
    name = sf.functions.get(g.line, "").split(".")[-1]
    if not name:
        return False
    spans: dict[str, list[int]] = {}
    for ln, fn in sf.functions.items():
        spans.setdefault(fn.split(".")[-1], []).append(ln)
    lines = range(f.line, f.end + 1)
    seen: set[str] = set()
    for _ in range(CALL_DEPTH):
        called = {
            n
            for ln in lines
            for c in [*sf.calls_on(ln), *property_reads(sf, ln)]
            for n in callees(sf, c)
        } - seen
        if name in called:
            return True
        called &= set(spans)
        if not called:
            return False
        seen |= called
        lines = [ln for fn in called for ln in spans[fn]]  # type: ignore[assignment]
    return False


def innermost(sf: SourceFile, lp: Loop) -> Loop:
    """The innermost loop of the perfect nest ``lp`` heads (a loop whose body is one loop
    statement and nothing else, and so on down), or ``lp`` itself."""
    while not lp.comprehension:
        inner = next(
            (
                x
                for x in sf.loops
                if not x.comprehension and x.line == lp.body and x.end == lp.end and x is not lp
            ),
            None,
        )
        if inner is None:
            return lp
        lp = inner
    return lp
