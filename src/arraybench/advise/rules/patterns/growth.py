"""AB107 from the run: an array grown by copying, one piece per call, where lint does not see it.

Lint finds ``x = np.append(x, v)`` written in the body of a loop. The run also finds the growth
where it is made one step per call of a function (``self.buf = np.append(self.buf, v)`` in a
method called per sample; ``return np.append(buf, v)`` in a helper the loop calls as
``buf = add(buf, v)``), through a dict's entry (``d[k] = np.concatenate([d[k], v])``), or by
``np.r_[x, v]`` (which the element-loop detector calls a recurrence).

    candidates  ``T = grower(... T ...)`` (GROWERS: append, concatenate, vstack, hstack, cat...;
                ``T`` a name, an attribute or an entry), ``T = np.r_[T, v]``, and ``return
                grower(p, ...)`` in a function of the file that a loop calls as ``x = f(x, ...)``;
                not already a finding (lint's AB107 holds its loop)
    evidence    the statement ran PER_CALL_MIN+ times (each copies everything so far), and a
                grown name seen at run time is an array or tensor (a list grown by ``+`` is
                not this); its own time LIST_SHARE of the run or more
    price       its time less what appending each piece to a list costs (a Python operation
                to a library call each, measured after the run) and one concatenation
    look-alike  a few fixed chunks concatenated once per epoch (a few calls: no quadratic copy)
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import RULES
from ...read.source import SourceFile, call_name, read_source
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, RUN, Finding
from ...run.values import Fact, is_array
from .base import Analysis

#: Calls that return a new array holding their inputs (a copy of all of them).
GROWERS = frozenset(
    {"append", "concatenate", "vstack", "hstack", "row_stack", "column_stack", "dstack", "cat"}
)
#: Index tricks that concatenate: ``np.r_[x, v]``.
INDEX_GROWERS = frozenset({"r_", "c_"})
#: A growth copied fewer times than this is a few chunks joined, not a quadratic loop.
PER_CALL_MIN = 100
#: Codes the element-loop detector gives a loop whose time is this growth.
RENAMED = frozenset({"AB101", "AB406"})


def _same(a: ast.AST, b: ast.AST) -> bool:
    return ast.unparse(a) == ast.unparse(b)


def _pieces(value: ast.expr) -> list[ast.expr] | None:
    """The pieces a growing expression joins, or None when it is not one (of a conditional,
    the branch that grows: ``snap if self.t is None else torch.cat([self.t, snap])``)."""
    if isinstance(value, ast.IfExp):
        return _pieces(value.orelse) or _pieces(value.body)
    if isinstance(value, ast.Call) and value.args and call_name(value) in GROWERS:
        q = ast.unparse(value.func)
        if not q.startswith(("np.", "numpy.", "torch.", "jnp.")):
            return None  # list.append, a method of the user's
        first = value.args[0]
        if call_name(value) == "append":
            return [first]
        return list(first.elts) if isinstance(first, ast.List | ast.Tuple) else None
    if (
        isinstance(value, ast.Subscript)
        and isinstance(value.value, ast.Attribute)
        and value.value.attr in INDEX_GROWERS
    ):
        s = value.slice
        return list(s.elts) if isinstance(s, ast.Tuple) else [s]
    return None


class Growth:
    rule = RULES["AB107"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        defs = {n.name: n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)}
        for node in walk_tree(sf.tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                pieces = _pieces(node.value)
                target = node.targets[0]
                if pieces is None or not any(_same(p, target) for p in pieces):
                    continue
                if isinstance(target, ast.Name | ast.Attribute | ast.Subscript):
                    f = self._growth(a, sf, node.lineno, ast.unparse(target), "")
                    if f is not None:
                        yield f
            elif isinstance(node, ast.Return) and node.value is not None:
                pieces = _pieces(node.value)
                fn = defs.get(sf.functions.get(node.lineno, "").rsplit(".", 1)[-1])
                if pieces is None or fn is None:
                    continue
                params = {p.arg for p in fn.args.args}
                grown = [p.id for p in pieces if isinstance(p, ast.Name) and p.id in params]
                caller = _fed_back(sf, fn.name) if grown else None
                if caller is not None:
                    f = self._growth(a, sf, node.lineno, grown[0], caller)
                    if f is not None:
                        yield f

    def _growth(
        self, a: Analysis, sf: SourceFile, line: int, grown: str, caller: str
    ) -> Finding | None:
        loops = [
            lp
            for lp in sf.enclosing_loops(line)
            if sf.functions.get(lp.line, "") == sf.functions.get(line, "")
        ]
        holders = [f for f in a.found.values() if f.path == sf.path and f.line <= line <= f.end]
        if any(
            not (loops and f.line == loops[0].line and f.origin == RUN and f.code in RENAMED)
            for f in holders
        ):
            return None  # a finding holds it already (lint's AB107 of its loop, a loop's rule)
        count = a.led.count((sf.path, line))
        n = count.n
        if loops:
            n = max(n, a.loop_counts(sf.path, loops[0])[0].n)
        if n < PER_CALL_MIN:
            return None
        first, last = sf.span(line)
        seconds = a.led.span(sf.path, first, last, own=True)
        if seconds / a.total < LIST_SHARE:
            return None
        facts = a.ev.facts_at((sf.path, line))
        seen = facts.get(grown) if grown.isidentifier() else None
        if seen is not None and not is_array(seen):
            return None  # a list or a number grown: not an array copied
        arrays = [x for x in facts.values() if is_array(x)]
        at = line
        f, _ = a.finding(sf, line, self.rule.code)
        if loops:
            lp = loops[0]
            old = a.found.get((sf.path, lp.line))
            if old is not None:
                if old.origin != RUN or old.code not in RENAMED or seconds < old.seconds / 2:
                    return None
                del a.found[(sf.path, lp.line)]  # its time is this growth's
            at = lp.line
            f = replace(
                f,
                line=lp.line,
                end=lp.end,
                snippet=f"{sf.text(lp.line)}  ... {sf.text(line)} (line {line})",
            )
        where = f"; called from a loop as {caller}" if caller else ""
        biggest = max((x.size for x in arrays), default=0)
        size = f"; {grown} seen at {biggest:,} elements" if biggest else ""
        return replace(
            f,
            seconds=seconds,
            share=seconds / a.total,
            evidence=f"line {line} runs {n:,} times, "
            f"{format_time(seconds / max(n, 1))} each, every time copying all of {grown} so "
            f"far into a new array{size}{where}"
            + (f" (reported on its loop, line {at})" if at != line else ""),
            gain=growth_gain(a, seconds, n, facts.values()),
        )


def growth_gain(a: Analysis, seconds: float, n: int, facts: Iterable[Fact]) -> tuple[float, float]:
    """What appending to a list saves over ``seconds`` of ``n`` growth copies: the copies less
    an append each (a Python operation to two library calls, measured after the run) and one
    concatenation of the biggest array seen (2 ns an element)."""
    seen = list(facts)
    biggest = max((x.size for x in seen if is_array(x)), default=0)
    low_cost = n * a.costs.python_op
    high_cost = n * 2 * a.costs.call(seen) + biggest * 2e-9
    return max(0.0, seconds - high_cost), max(0.0, seconds - low_cost)


def _fed_back(sf: SourceFile, func: str) -> str | None:
    """``x = func(x, ...)`` in a loop: the call's text, if the file has one."""
    assert sf.tree is not None
    for node in walk_tree(sf.tree):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id == func
            and any(_same(arg, node.targets[0]) for arg in node.value.args)
            and sf.enclosing_loops(node.lineno)
        ):
            return f"`{ast.unparse(node)}` (line {node.lineno})"
    return None


PATTERN = Growth()


def relocate_growth(a: Analysis) -> None:
    """Lint's AB107 told at the growing statement (``history = torch.cat([history, x])``, the
    line to change), no longer at its loop's ``for`` line, once the rules have run; its time
    and its end stay the loop's (blind163's listener history, labelled at the statement as 75
    of 76 growths of the blind sets)."""
    for (path, at), line in a.grown_at.items():
        f = a.found.get((path, at))
        if f is None or f.code != "AB107" or (path, line) in a.found:
            continue
        del a.found[(path, at)]
        text = read_source(path).text(line).strip()
        a.found[(path, line)] = replace(f, line=line, snippet=f"{text}  (in the loop at line {at})")
