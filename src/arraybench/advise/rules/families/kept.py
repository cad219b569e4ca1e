"""What a loop's rewrite into array operations keeps (rules/families/loops.py prices it):
the calls into libraries other than the array libraries, the callbacks the function holding
the loop was given, and, for a scan, the file's own functions the loop calls once a step."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from ...read.source import read_source
from ...read.syntax import walk_tree
from ...run.values import MODEL

if TYPE_CHECKING:
    from ...read.source import Loop, SourceFile
    from ...records import Finding
    from ...run.values import Fact
    from ..patterns.base import Analysis

#: Libraries whose calls a loop's rewrite replaces: array work, and numbers drawn or computed
#: one at a time (``random.gauss``, ``math.exp``), which come as one array call.
REPLACED = frozenset(
    {"numpy", "torch", "jax", "jaxlib", "scipy", "autograd", "cupy", "math", "random"}
)


def other_calls(a: Analysis, path: str, loop: Loop) -> float:
    """Seconds the loop's lines spent in the Python code of libraries other than the array
    libraries (``REPLACED``): plotting, I/O, the program's other libraries, which a rewrite of
    the loop into array operations still calls once an item."""
    total = 0.0
    for line in range(loop.body, loop.end + 1):
        for name, seconds in a.ev.samples.calls.get((path, line), {}).items():
            if name.split(".", 1)[0] not in REPLACED:
                total += seconds
    return total


def own_callees_time(a: Analysis, sf: SourceFile, loop: Loop) -> float:
    """Seconds the loop's lines spent in the file's own functions they call (a line's time
    less its own)."""
    firsts = sorted({sf.span(ln)[0] for ln in range(loop.body, loop.end + 1)})
    return _in_callees(a, sf.path, [sf.span(ln) for ln in firsts if sf.loop_at(ln) is None])


def callbacks_time(a: Analysis, sf: SourceFile, loop: Loop, facts: dict[str, Fact]) -> float:
    """Seconds the loop's lines spent in functions called through a parameter of the function
    that holds the loop (``on_answer(pool, wait)``, a callback: the rewrite of the loop still
    calls it once an item, and what it does is priced where it is, if anywhere)."""
    return _in_callees(a, sf.path, [(ln, ln) for ln in callback_lines(sf, loop, facts)])


def callback_lines(sf: SourceFile, loop: Loop, facts: dict[str, Fact]) -> list[int]:
    """The loop's lines that call a function passed to the function that holds the loop (not a
    model): see :func:`callbacks_time`."""
    if sf.tree is None:
        return []
    holder = next(
        (
            n
            for n in walk_tree(sf.tree)
            if isinstance(n, ast.FunctionDef) and n.lineno < loop.line <= (n.end_lineno or 0)
        ),
        None,
    )
    if holder is None:
        return []
    params = {p.arg for p in ast.walk(holder.args) if isinstance(p, ast.arg)}
    return [
        line
        for line in range(loop.body, loop.end + 1)
        if any(
            isinstance(c.func, ast.Name)
            and c.func.id in params
            and getattr(facts.get(c.func.id), "kind", "") != MODEL
            for c in sf.calls_on(line)
        )
    ]


def in_callbacks(a: Analysis, f: Finding, inner: list[Finding]) -> list[Finding]:
    """The findings of ``inner`` whose time under the loop ``f`` is (mostly) at its lines that
    call a callback (:func:`callback_lines`): the loop's price kept their whole time out
    already (:func:`callbacks_time`)."""
    sf = read_source(f.path)
    loop = sf.loop_at(f.line)
    if loop is None:
        return []
    lines = callback_lines(sf, loop, a.ev.facts_in(f.path, f.line, f.end))
    out = []
    for g in inner:
        span = [(g.path, g.line, g.end)]
        whole = a.led.overlap(f.path, f.line, f.end, span)
        under = sum(a.led.overlap(f.path, ln, ln, span) for ln in lines)
        if whole > 0 and under >= 0.5 * whole:
            out.append(g)
    return out


def _in_callees(a: Analysis, path: str, spans: list[tuple[int, int]]) -> float:
    """Seconds those lines spent in the file's functions they call: their time less their
    own, summed."""
    return max(
        0.0, sum(a.led.span(path, lo, hi) - a.led.span(path, lo, hi, own=True) for lo, hi in spans)
    )
