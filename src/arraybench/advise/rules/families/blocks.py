"""Loops whose steps are work on a block of data, not one element's arithmetic: the arrays of
BLOCK_MIN elements or more a step makes of its own, in the loop's body or in the file's
functions it calls (rules/families/loops.py refutes an element loop by them, and the run's own
element-loop detector skips such loops)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from ...read.calls import reached
from ...read.source import made_size
from ...read.syntax import walk_tree
from ...run.values import is_array

if TYPE_CHECKING:
    from ...read.source import Loop, SourceFile
    from ...run.values import Fact
    from ..patterns.base import Analysis

#: Elements of an array a loop's step makes of its own (a column, a window) from which the step
#: is work on a block of data.
BLOCK_MIN = 1024
#: The same for a recurrence's steps, whose rewrite is on Python floats: a block of this many
#: elements already costs more on floats than one library call does (blind116's glacier, 600
#: stakes a step through a melt model, told to step on floats).
FLOAT_BLOCK_MIN = 64


def made_blocks(sf: SourceFile, loop: Loop, facts: dict[str, Fact]) -> list[Fact]:
    """The arrays of BLOCK_MIN elements or more that a loop's body makes of its own and names
    (``col = x[:, j]`` of 20,000 rows, a column normalised per step): each of its operations is
    already one on a whole block."""
    if sf.tree is None:
        return []
    made = {
        t.id
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Assign) and loop.body <= n.lineno <= loop.end
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    return [
        x
        for n in sorted(made)
        if (x := facts.get(n)) is not None and is_array(x) and x.size >= BLOCK_MIN
    ]


def callee_blocks(
    a: Analysis, sf: SourceFile, loop: Loop, path: str, spent: float, least: int = BLOCK_MIN
) -> list[tuple[str, str]]:
    """Where most of a loop's ``spent`` time is in the file's functions it calls (two calls
    down), the arrays of ``least`` elements or more they make of their own (named and seen, or
    drawn at a size seen), with the function's name: each call is a step of work on a block
    (blind81's esports matches, 120 pairs a week each made by ``play_match`` as ~2,000 drawn
    seconds, 45 us a call, told an element loop)."""
    own = sum(a.led.own((path, ln)) for ln in range(loop.line, loop.end + 1))
    if sf.tree is None or own >= spent / 2:
        return []
    defs = {
        (n.lineno, n.end_lineno or n.lineno): n.name
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.FunctionDef)
    }
    assigns = [n for n in walk_tree(sf.tree) if isinstance(n, ast.Assign)]
    out: list[tuple[str, str]] = []
    for lo, hi in reached(sf, [(loop.line, loop.end)], 2)[1:]:
        facts = a.ev.facts_in(path, lo, hi)
        for n in assigns:
            if not lo < n.lineno <= hi:
                continue
            for t in n.targets:
                x = facts.get(t.id) if isinstance(t, ast.Name) else None
                if x is not None and is_array(x) and x.size >= least:
                    out.append((defs.get((lo, hi), "?"), f"a {x}"))
                    continue
                size = made_size(n.value, a.ev.facts_at((path, n.lineno)))
                if size is not None and size >= least:
                    out.append((defs.get((lo, hi), "?"), f"an array of {size:,} values"))
    return out
