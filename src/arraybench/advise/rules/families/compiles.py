"""Compilation in the loop (lint's AB403, a ``jax.jit`` made inside a loop; the run's AB404, a
function compiled again and again): the finding holds the calls of the function it jits, and is
priced by the compile time that compiling once per function would save."""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from ....base.units import format_time
from ...read.calls import call_made_above
from ...read.syntax import call_name, function_name, walk_tree
from ...run.observe import NEW_FUNCTION
from .base import Candidate, Plain

if TYPE_CHECKING:
    from ...read.source import SourceFile
    from ...records import Finding
    from ..patterns.base import Analysis


class Compiles(Plain):
    codes = frozenset({"AB403", "AB404"})

    def locate(self, a: Analysis, c: Candidate) -> Finding:
        """``g = jax.jit(...)`` compiles where ``g`` is called: the calls of the name it makes,
        in the same loop, are part of the finding's time."""
        f, sf = c.f, c.sf
        if f.code == "AB404":
            f = _jitted_here(a, sf, f)
            # the compilations measured at the line are its time, where its samples went
            # elsewhere (blind27's power iteration: the compiles after a call of the file's
            # ``iteration_budget(A)`` on the same line were read as that function's last line)
            spent = sum(
                a.ev.events.compile_s.get((f.path, ln), 0.0) for ln in range(f.line, f.end + 1)
            )
            if spent > f.seconds:
                runs = f.count.n if f.count is not None and f.count.n else 1
                return replace(
                    f,
                    seconds=spent,
                    share=spent / a.total,
                    evidence=f"runs {f.count} times, {format_time(spent / runs)} each in "
                    "compilations measured at the line (its samples were read elsewhere)",
                )
            return f
        if f.code != "AB403" or sf.tree is None:
            return f
        name = None
        for node in walk_tree(sf.tree):
            if isinstance(node, ast.Assign) and node.lineno == f.line:
                name = next((t.id for t in node.targets if isinstance(t, ast.Name)), None)
        around = sf.enclosing_loops(f.line)
        if name is None or not around:
            return f
        lp = around[0]
        calls = sorted(
            {
                n.lineno
                for n in walk_tree(sf.tree)
                if isinstance(n, ast.Call)
                and isinstance(n.func, ast.Name)
                and n.func.id == name
                and lp.line <= n.lineno <= lp.end
                and n.lineno != f.line
            }
        )
        if not calls:
            return f
        extra = sum(a.led.span(f.path, *sf.span(ln), own=True) for ln in calls)
        seconds = f.seconds + extra
        return replace(f, seconds=seconds, share=seconds / a.total, end=max(f.end, *calls))

    def price(self, a: Analysis, c: Candidate) -> tuple[float, float] | None:
        """Compiling once per function instead of once per call saves the measured compile
        time less one compilation of each function (at the mean cost of one) for sure, and the
        rest of the line's time at most."""
        f = c.f
        if f.seconds <= 0:
            return None
        lines = range(f.line, f.end + 1)
        names = [n for ln in lines for n in a.ev.events.compiles.get((f.path, ln), [])]
        spent = sum(a.ev.events.compile_s.get((f.path, ln), 0.0) for ln in lines)
        if not names:
            return None
        if spent <= 0:  # no durations (an older JAX): the line's time stands in
            spent = f.seconds
        keep = spent * len(set(names)) / len(names)
        high = keep + max(0.0, f.seconds - spent)
        return (max(0.0, f.seconds - high), max(0.0, f.seconds - keep))


def _jitted_here(a: Analysis, sf: SourceFile, f: Finding) -> Finding:
    """A recompile at the call of a name the same function binds to ``jax.jit(...)`` on an
    earlier line, compiled again because it is a new function object each time: the jit, made
    at every call of the function, is the site (AB403 on its line, the call's line its end;
    blind97's stage beams, ``render_fn = jax.jit(functools.partial(beam_field, ...))`` in a
    method called per cue, was told AB404 on the call)."""
    if NEW_FUNCTION not in a.ev.events.causes.get((f.path, f.line), []) or sf.tree is None:
        return f
    func = sf.functions.get(f.line, "")
    made: list[ast.expr] = [
        value
        for c in sf.calls_on(f.line)
        if isinstance(c.func, ast.Name)
        and (value := call_made_above(sf, c.func.id, f.line)) is not None
        and call_name(value) == "jit"
    ]
    # (or a function defined in the same function under ``@jax.jit``: made anew at every
    # call of the function, blind171's stock assessment, ``step`` jitted per stock)
    made += [
        d
        for c in sf.calls_on(f.line)
        if isinstance(c.func, ast.Name)
        for d in _jit_decorators(sf, c.func.id, f.line)
    ]
    if len(made) != 1:
        return f
    at = made[0].lineno
    # (made as often as it is called: one jit made once, outside, is called with new shapes;
    # or made a few times, each compiled again: ``step = jax.jit(partial(...))`` in the
    # function fitting each gala, then called 150 times in its loop, blind173's relays)
    jits = a.led.count((f.path, at)).n
    compiled = sum(
        len(a.ev.events.compiles.get((f.path, ln), [])) for ln in range(f.line, f.end + 1)
    )
    # (the jit's own count may be missing: a decorator line run once a call of the function,
    # six times, that the line timer's bursts did not hit; then JAX's causes say it, a new
    # function object at two compilations or more, where a jit made once and given growing
    # slices says so at its first only: blind20's gradient)
    anew = sum(NEW_FUNCTION in c for c in a.ev.events.causes.get((f.path, f.line), []))
    if 2 * jits < a.led.count((f.path, f.line)).n and not (
        (jits >= 2 and 2 * compiled >= jits) or (jits == 0 and anew >= 2)
    ):
        return f
    return replace(
        f,
        code="AB403",
        line=at,
        end=max(f.end, f.line),
        snippet=sf.text(at).strip(),
        evidence=f"line {f.line}, its call: {f.evidence}; the function it calls is jitted anew "
        f"at line {at}, at every "
        f"call of {func.rsplit('.', 1)[-1] or 'the module'}(): jit it once, outside",
    )


def static_fix(a: Analysis, sf: SourceFile, f: Finding) -> Finding | None:
    """For a recompile at the call of the file's function jitted with static arguments,
    caused by a static argument's new value: the jit that declares it static, the line to
    change, as the finding's fix (``Finding.fix_of``; blind172's shredder, ``@partial(jax.jit,
    static_argnames=("throughput_tph",))`` and a new throughput every shift, told at the call
    only); else None."""
    if f.code != "AB404" or sf.tree is None:
        return None
    causes = a.ev.events.causes.get((f.path, f.line), [])
    if not any("Static(" in c for c in causes):
        return None
    for c in sf.calls_on(f.line):
        name = function_name(c.func)
        declared: list[ast.expr] = []
        for node in walk_tree(sf.tree):
            if isinstance(node, ast.FunctionDef) and node.name == name:
                declared += [d for d in node.decorator_list if _is_jit(d) and _statics(d)]
            elif (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
                and isinstance(node.value, ast.Call)
                and function_name(node.value.func) == "jit"
                and _statics(node.value)
            ):
                declared.append(node.value)
        if len(declared) != 1 or declared[0].lineno == f.line:
            continue
        at = declared[0].lineno
        g, _ = a.finding(sf, at, f.code)
        return replace(
            g,
            seconds=f.seconds,
            share=f.share,
            gain=f.gain,
            count=None,
            fix_of=f.line,
            evidence=f"jits {name}() with {', '.join(_statics(declared[0]))} static, and line "
            f"{f.line}'s finding compiles it again at each new value ({f.share:.0%} of the run "
            "there): the fix of that finding is on this line, its saving the same one, counted "
            "once; pass it as a traced argument (drop it from the static ones), or round it to "
            "a few values",
        )
    return None


def _statics(d: ast.expr) -> list[str]:
    """The names or places a jit (or ``partial(jax.jit, ...)``) call declares static."""
    if not isinstance(d, ast.Call):
        return []
    return [
        ast.unparse(k.value) for k in d.keywords if k.arg in ("static_argnames", "static_argnums")
    ]


def _jit_decorators(sf: SourceFile, name: str, line: int) -> list[ast.expr]:
    """The ``jit`` decorator of the function ``name`` that the function holding ``line``
    defines above it (a nested ``def``, made again at each call of the function), or none."""
    assert sf.tree is not None
    func = sf.functions.get(line, "")
    if not func:
        return []
    return [
        d
        for node in walk_tree(sf.tree)
        if isinstance(node, ast.FunctionDef)
        and node.name == name
        and node.lineno < line
        # (its ``def`` line is named as the function itself, inside the one around it)
        and sf.functions.get(node.lineno, "") in (func, f"{func}.{name}")
        for d in node.decorator_list
        if _is_jit(d)
    ]


def _is_jit(d: ast.expr) -> bool:
    """``@jax.jit``, ``@jit``, ``@partial(jax.jit, static_argnames=...)``."""
    if isinstance(d, ast.Call):
        if function_name(d.func) == "partial" and d.args:
            return function_name(d.args[0]) == "jit"
        return function_name(d.func) == "jit"
    return function_name(d) == "jit"


FAMILY = Compiles()
