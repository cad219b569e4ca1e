"""AB103 from the run: a function made by ``np.vectorize`` called on an array (or a function of
numbers mapped over a 1-D array with ``map``), a Python loop over its elements whatever loop
(if any) is around the call.

``payoff_v = np.vectorize(bump_payoff)`` then ``payoff_v(terminal, strike, knocked)`` on 200,000
paths: NumPy calls ``bump_payoff`` once per element, each call paying the interpreter and a
NumPy scalar's arithmetic. Lint names such a call with one argument in a loop; the run sees the
vectorize object and the arrays' sizes at any call, of any arity, in a loop or not.

    candidates  calls on a line of the file whose function the run saw there as a
                ``numpy.vectorize`` object
    evidence    an array argument of ELEMENTS_MIN elements or more at that line; the line's
                time LIST_SHARE of the run or more
    price       the line's time less what the same elements cost as whole-array operations:
                between PER_ELEMENT_LOW_S and PER_ELEMENT_HIGH_S an element a run (a rewrite
                with ``np.where`` and a few temporaries; the function's own branches become
                masks)
"""

from __future__ import annotations

import ast
import statistics
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import RULES
from ...read.calls import PARTIALS, bound_above
from ...read.source import SourceFile, call_name
from ...read.syntax import function_name, walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import per_call_times
from ...run.values import Fact, is_array
from .base import Analysis

#: Elements below which a vectorized call is a few calls, not a loop worth a rewrite.
ELEMENTS_MIN = 1_000
#: What an element costs once the function is whole-array operations: a few operations at
#: 1-4 ns an element each (the low end of the saving assumes the costlier).
PER_ELEMENT_LOW_S = 40e-9
PER_ELEMENT_HIGH_S = 4e-9


class Vectorized:
    rule = RULES["AB103"]

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        done: set[int] = set()
        for call in walk_tree(sf.tree):
            # by name, or held by an object (``self._payoff = np.vectorize(...)`` in
            # ``__init__``, called in a method: blind21's option grid)
            # (or made and called at once: ``np.vectorize(_window_px)(img, center, width)``,
            # blind42's CT window)
            inline = (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Call)
                and call_name(call.func) == "vectorize"
            )
            if not isinstance(call, ast.Call) or not (
                inline
                or isinstance(call.func, ast.Name)
                # (or by another object, ``land.suitability(land.veg, temp)`` of ``land =
                # self.land``: blind43's metapopulation; the value seen says it is one)
                or (isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name))
            ):
                continue
            first = sf.span(call.lineno)[0]
            # (lint's apply-loop on the call, priced here from the run)
            old = a.found.get((sf.path, first))
            if first in done or (old is not None and old.code != self.rule.code):
                continue
            facts = a.ev.facts_at((sf.path, call.lineno))
            called = ast.unparse(call.func)
            fn = facts.get(called)
            # (or a ``functools.partial`` of one, passed in as a callback, where the line's
            # time is NumPy's vectorize: blind87's gait pipeline, ``partial(np.vectorize(
            # stiffness_law), k_stance=2.4, ...)`` called as ``self.torque_fn(a)``, 94%)
            partial = (
                fn is not None
                and fn.type == "functools.partial"
                and _mostly_in(a, sf, first, "vectorize")
            )
            if not inline and not partial and (fn is None or fn.type != "numpy.vectorize"):
                continue
            # (an argument of arithmetic on arrays, ``lum * self.exposure``: the largest array
            # it reads, the shape an elementwise expression keeps)
            arrays = [
                (arg, x)
                for arg in call.args
                if (x := _array_of(arg, facts)) is not None and x.size >= 2
            ]
            if not arrays:
                continue
            done.add(first)
            f, _ = a.finding(sf, first, self.rule.code)
            # (with the Python function's own lines, which numpy.vectorize calls below it)
            f = replace(f, seconds=max(f.seconds, a.led.span(sf.path, *sf.span(first))))
            if f.seconds / a.total < LIST_SHARE:
                continue
            arg, big = max(arrays, key=lambda p: p[1].size)
            runs = max(1, f.count.n if f.count is not None else 1)
            elements = big.size * runs
            # (its elements over the run: a 400-sample frame, 14,400 frames, is a loop of
            # 5.8 M calls)
            if elements < ELEMENTS_MIN:
                continue
            if old is not None:
                del a.found[(sf.path, first)]
            if a.covered(sf.path, first) and not _takes_over(a, sf, first):
                if old is not None:
                    a.found[(sf.path, first)] = old
                continue
            # (and an array operation per operation of the function a run, timed after the run
            # on an array of the seen size: 240 bands a frame through a gain rule of three
            # branches, ~20 operations on 240 values, 18,749 frames; blind84's hearing
            # compressor stated 56% for 32%, blind85's organ pipes 76% for 46%)
            made = _made_line(sf, called)
            each = _array_op_time(big, min(OP_TIMING_S, a.budget())) or a.costs.call([big])
            calls = runs * _operations(sf, call if inline else made) * each
            low = max(0.0, f.seconds - elements * PER_ELEMENT_LOW_S - calls)
            high = max(low, f.seconds - elements * PER_ELEMENT_HIGH_S - calls)
            said = (
                (f"{f.evidence}; " if f.evidence else "")
                + f"{called} {_what(inline, partial)} a numpy.vectorize: it calls the "
                "Python function once per "
                f"element of {ast.unparse(arg)} ({big}), {elements:,} calls in all, "
                f"{format_time(f.seconds / elements)} each; write the function on whole arrays "
                "(its if/else as np.where or boolean masks, math.exp as np.exp) and call it once"
            )
            if made is not None and made != first:
                # (where it is made, the line the rewrite changes too)
                said += f" (made at line {made}: {sf.text(made).strip()})"
            yield replace(f, evidence=said, gain=(low, high), seconds=high, share=high / a.total)
        yield from self._mapped(a, sf)
        yield from self._applied(a, sf)

    def _applied(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        """``metric(self.pairs)`` of ``metric = partial(np.apply_along_axis, partial(
        haversine_km, lat0=..., lon0=...), 1)``: the file's function called once per row of an
        array, through a partial passed in as a callback, where the line's sampled time is in
        NumPy's apply_along_axis (blind91's falcon telemetry, 92% of its run, told AB412 on the
        function's lines)."""
        assert sf.tree is not None
        made = _applying(sf)
        if made is None:
            return
        line_of, func, axis = made
        for call in walk_tree(sf.tree):
            if not isinstance(call, ast.Call) or not call.args:
                continue
            first = sf.span(call.lineno)[0]
            if (sf.path, first) in a.found or a.covered(sf.path, first):
                continue
            facts = a.ev.facts_at((sf.path, call.lineno))
            fn = facts.get(ast.unparse(call.func))
            if fn is None or fn.type != "functools.partial":
                continue
            if not _mostly_in(a, sf, first, "apply_along_axis"):
                continue
            arrays = [x for x in facts.values() if is_array(x) and len(x.shape) == 2]
            if not arrays:
                continue
            big = max(arrays, key=lambda x: x.size)
            seconds = a.led.span(sf.path, *sf.span(first))
            count = a.led.count((sf.path, first))
            runs = max(1, count.n)
            per_call = big.shape[1 - axis] if axis in (0, 1) else big.shape[0]
            calls_in_all = per_call * runs
            if seconds / a.total < LIST_SHARE or calls_in_all < ELEMENTS_MIN:
                continue
            each = _array_op_time(big, min(OP_TIMING_S, a.budget())) or a.costs.call([big])
            ops = _function_operations(sf, func)
            kept = runs * ops * each
            low = max(0.0, seconds - 2 * kept)
            high = max(low, seconds - kept)
            f, _ = a.finding(sf, first, self.rule.code)
            said = (
                f"{ast.unparse(call.func)} is a functools.partial of np.apply_along_axis (made at "
                f"line {line_of}: {sf.text(line_of).strip()[:80]}): it calls {func}() once per "
                f"{'row' if axis == 1 else 'column'} of an array like {big} ({per_call:,} a "
                f"call, {calls_in_all:,} in all, {format_time(seconds / calls_in_all)} each); "
                f"write {func}() on whole arrays (its row's values as columns: x[:, 0], x[:, 1], "
                "...) and call it once"
            )
            # (the function's lines, steps on floats per row, are this rewrite's part: held,
            # no finding of their own)
            for d in walk_tree(sf.tree):
                if isinstance(d, ast.FunctionDef) and d.name == func:
                    lines = range(d.lineno, (d.end_lineno or d.lineno) + 1)
                    a.held.update((sf.path, ln) for ln in lines)
                    for key in [k for k in a.found if k[0] == sf.path and k[1] in lines]:
                        del a.found[key]
            yield replace(
                f, seconds=high, share=high / a.total, evidence=said, gain=(low, high), count=count
            )

    def _mapped(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        """``np.array(list(map(lambda p: likelihood(p, z), self.particles)))``: a scalar
        function of the file's (or math's) called once per element of a 1-D array through
        ``map``, with no loop of its own (blind32's particle filter, 82%)."""
        assert sf.tree is not None
        scalar = _scalar_functions(sf)
        for call in walk_tree(sf.tree):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id == "map"
                and len(call.args) == 2
            ):
                continue
            fn, over = call.args
            # (a lambda bound above, or a partial of one: ``arrhenius = partial(lambda ea, t:
            # self.k0 * math.exp(-ea / (GAS_CONSTANT * t)), self.activation_j)``, blind157's
            # bronze melt, its calls' own time on the lambda's line)
            if isinstance(fn, ast.Name):
                fn = _lambda_above(sf, fn.id, call.lineno) or fn
            # the function: one of the file's on numbers, math's, or a lambda calling those
            body = fn.body if isinstance(fn, ast.Lambda) else fn
            calls = [c for c in ast.walk(body) if isinstance(c, ast.Call)] or (
                [] if isinstance(fn, ast.Lambda) else [ast.Call(func=fn, args=[], keywords=[])]
            )
            if not calls or not all(_on_numbers(c.func, scalar) for c in calls):
                continue
            if all(isinstance(c.func, ast.Name) and c.func.id in NUMBER_BUILTINS for c in calls):
                continue  # (``map(float, x)``: a conversion, AB201's and AB108's)
            first, last = sf.span(call.lineno)
            if (sf.path, first) in a.found or a.covered(sf.path, first):
                continue
            if (sf.path, call.lineno) in a.found or a.covered(sf.path, call.lineno):
                continue
            # (the map's line first, then the statement's: its frame may be seen at the
            # statement's first line, the map's only from the lambda's frame)
            facts = {**a.ev.facts_in(sf.path, first, last), **a.ev.facts_at((sf.path, call.lineno))}
            x = facts.get(ast.unparse(over))
            if x is None or not is_array(x) or len(x.shape) != 1 or x.size < ELEMENTS_MIN:
                continue
            # (its time: the line's, the functions it calls with it)
            seconds = a.led.span(sf.path, first, last)
            if seconds / a.total < LIST_SHARE:
                continue
            count = a.led.count((sf.path, call.lineno))
            runs = max(1, round(count.n / x.size)) if count.n >= x.size else max(1, count.n)
            # (the statement's own runs where they were counted: the lambda's line is counted
            # only in the line timer's bursts, 2.4 M calls read for 6.7 M, blind158's hides)
            whole = a.led.count((sf.path, first))
            if whole.exact and whole.n > 0:
                runs = whole.n
            elements = x.size * runs
            low = max(0.0, seconds - elements * PER_ELEMENT_LOW_S)
            high = max(low, seconds - elements * PER_ELEMENT_HIGH_S)
            # (told at the map's own line, the loop, where the statement spans several:
            # ``return np.fromiter(`` above ``map(lambda t: math.exp(-t / scale), ...)``,
            # blind158's leather hides)
            f, _ = a.finding(sf, call.lineno, self.rule.code)
            named = sorted({ast.unparse(c.func) for c in calls})
            said = (
                f"map calls {', '.join(named)} once per element of {ast.unparse(over)} ({x}), "
                f"~{elements:,} calls in all, {format_time(seconds / elements)} each (the line "
                f"and the functions it calls: {format_time(seconds)}); write "
                f"{'the function' if len(named) == 1 else 'the functions'} on whole arrays "
                "(math.exp as np.exp, math.sqrt as np.sqrt, if/else as np.where) and call it "
                f"once on {ast.unparse(over)}"
            )
            yield replace(
                f,
                evidence=said,
                gain=(low, high),
                seconds=high,
                share=high / a.total,
            )


def _lambda_above(sf: SourceFile, name: str, line: int) -> ast.Lambda | None:
    """The lambda the function holding ``line`` binds ``name`` to once above it, itself or
    as a ``functools.partial`` of it (its bound arguments numbers the lambda's calls take)."""
    value = bound_above(sf, name, line)
    if isinstance(value, ast.Call) and call_name(value) in PARTIALS and value.args:
        value = value.args[0]
    return value if isinstance(value, ast.Lambda) else None


def _array_of(arg: ast.expr, facts: dict[str, Fact]) -> Fact | None:
    """The array an argument is: a name's, or the largest a name or attribute in it holds."""
    got = [
        x
        for n in ast.walk(arg)
        # (a dict's item too, ``batch["amount"]``, as the run records it)
        if isinstance(n, ast.Name | ast.Attribute | ast.Subscript)
        and (x := facts.get(ast.unparse(n))) is not None
        and is_array(x)
    ]
    return max(got, key=lambda x: x.size) if got else None


def _takes_over(a: Analysis, sf: SourceFile, line: int) -> bool:
    """Whether the loop findings holding ``line`` (a per-sample loop around a call of a
    vectorized function) spend most of their time on it: then the loop is not the cost, the
    function's Python calls per element are; those loop findings are dropped."""
    holding = [
        (key, f)
        for key, f in a.found.items()
        if f.path == sf.path and f.line < line <= f.end and f.code in LOOP_TAKEN_OVER
    ]
    if not holding:
        return False
    spent = a.led.span(sf.path, *sf.span(line))
    if any(spent < 0.5 * f.seconds for _, f in holding):
        return False
    for key, _ in holding:
        del a.found[key]
    return True


#: Loop findings around a vectorized call whose time the call is (lint's reading of the loop).
LOOP_TAKEN_OVER = frozenset({"AB101", "AB103", "AB104", "AB106"})


#: Operations a vectorized function is taken to have where it cannot be read (an object's
#: ``__call__`` of several, a library's function).
OPERATIONS_DEFAULT = 4
#: At most this many operations a run are counted: a long function's rewrite fuses some.
OPERATIONS_MAX = 20


def _operations(sf: SourceFile, where: ast.Call | int | None) -> int:
    """The whole-array operations a rewrite of the function ``np.vectorize`` wraps makes a
    call: its operators, calls and comparisons, and two a branch (a mask and an ``np.where``);
    ``where`` is the ``np.vectorize(...)`` call or the line that makes it. The file's function
    of that name, else the file's one ``__call__`` (a rule object), else OPERATIONS_DEFAULT."""
    if sf.tree is None or where is None:
        return OPERATIONS_DEFAULT
    made = (
        where
        if isinstance(where, ast.Call)
        else next(
            (
                n
                for n in walk_tree(sf.tree)
                if isinstance(n, ast.Call) and n.lineno == where and call_name(n) == "vectorize"
            ),
            None,
        )
    )
    if (
        isinstance(made, ast.Call)
        and call_name(made) != "vectorize"
        and isinstance(made.func, ast.Call)
    ):
        made = made.func  # ``np.vectorize(f)(x)``: the inner call makes it
    if made is None or not made.args:
        return OPERATIONS_DEFAULT
    return _function_operations(sf, ast.unparse(made.args[0]), or_call=True)


def _applying(sf: SourceFile) -> tuple[int, str, int] | None:
    """The file's one ``partial(np.apply_along_axis, f, axis)`` (``f`` the file's function, or a
    partial of one): its line, the function's name and the axis."""
    assert sf.tree is not None
    found = [
        n
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Call)
        and call_name(n) == "partial"
        and len(n.args) >= 3
        and function_name(n.args[0]) == "apply_along_axis"
    ]
    if len(found) != 1:
        return None
    made = found[0]
    inner = made.args[1]
    if isinstance(inner, ast.Call) and call_name(inner) == "partial" and inner.args:
        inner = inner.args[0]
    axis = made.args[2].value if isinstance(made.args[2], ast.Constant) else None
    if not isinstance(inner, ast.Name) or not isinstance(axis, int):
        return None
    return made.lineno, inner.id, axis


def _function_operations(sf: SourceFile, name: str, or_call: bool = False) -> int:
    """The whole-array operations a rewrite of the file's function ``name`` makes a call: its
    operators, calls and comparisons, and two a branch (a mask and an ``np.where``), from 1 to
    OPERATIONS_MAX; with ``or_call``, the file's one ``__call__`` where no function has that
    name (a rule object); OPERATIONS_DEFAULT where it cannot be read."""
    assert sf.tree is not None
    defs = [n for n in walk_tree(sf.tree) if isinstance(n, ast.FunctionDef)]
    fns = [d for d in defs if d.name == name]
    if not fns and or_call:
        fns = [d for d in defs if d.name == "__call__"]
    if len(fns) != 1:
        return OPERATIONS_DEFAULT
    ops = sum(
        2 if isinstance(n, ast.If | ast.IfExp) else 1
        for n in ast.walk(fns[0])
        if isinstance(
            n, ast.BinOp | ast.UnaryOp | ast.Compare | ast.BoolOp | ast.Call | ast.If | ast.IfExp
        )
    )
    return max(1, min(OPERATIONS_MAX, ops))


def _what(inline: bool, partial: bool) -> str:
    return "makes" if inline else "is a functools.partial of" if partial else "is"


#: The share of a line's time in NumPy's vectorize from which a partial it calls is one.
VECTORIZE_SHARE = 0.5


def _mostly_in(a: Analysis, sf: SourceFile, line: int, library: str) -> bool:
    """Whether most of the line's own sampled time is in a library function whose name holds
    ``library`` (``vectorize``, ``apply_along_axis``)."""
    calls = a.ev.samples.calls.get((sf.path, line), {})
    spent = sum(t for name, t in calls.items() if library in name)
    first, last = sf.span(line)
    # (of the line's own time: the Python function it calls runs on lines of its own)
    return spent >= VECTORIZE_SHARE * max(a.led.span(sf.path, first, last, own=True), 1e-9)


#: Seconds the timing of one array operation after the run may take.
OP_TIMING_S = 0.1


def _array_op_time(x: Fact, budget: float) -> float | None:
    """Seconds one operation of an array with a number (``x * 2.0``) takes on an array of
    ``x``'s size, timed after the run: what each operation of the rewrite costs a call."""
    try:
        import numpy as np

        arr = np.full(max(1, x.size), 0.5)
        times = per_call_times(lambda: arr * 2.0, lambda: None, budget)
    except Exception:
        return None
    return statistics.median(times) if times else None


def _made_line(sf: SourceFile, called: str) -> int | None:
    """The line that makes the vectorized function a call runs: the file's one assignment of a
    ``np.vectorize(...)`` to that name, else its only assignment of one to any name (passed
    along as an argument: ``treaty = np.vectorize(...)`` called as ``payout(sizes)``)."""
    if sf.tree is None:
        return None
    made = [
        (t.id if isinstance(t, ast.Name) else ast.unparse(t), n.lineno)
        for n in walk_tree(sf.tree)
        if isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Call)
        and (
            call_name(n.value) == "vectorize"
            # (``partial(np.vectorize(law), k=2.4)``)
            or (
                call_name(n.value) == "partial"
                and bool(n.value.args)
                and isinstance(n.value.args[0], ast.Call)
                and call_name(n.value.args[0]) == "vectorize"
            )
        )
        for t in n.targets
    ]
    named = [ln for name, ln in made if name == called]
    if len(named) == 1:
        return named[0]
    return made[0][1] if len(made) == 1 else None


def _scalar_functions(sf: SourceFile) -> frozenset[str]:
    """The file's functions that call nothing but math's functions, the builtins on numbers and
    each other: functions of numbers, element by element (``gaussian_likelihood(x, z)`` of
    ``math.exp`` and ``math.sqrt``)."""
    assert sf.tree is not None
    fns = {n.name: n for n in sf.tree.body if isinstance(n, ast.FunctionDef)}
    out = set(fns)
    changed = True
    while changed:
        changed = False
        for name in sorted(out):
            calls = [c for c in ast.walk(fns[name]) if isinstance(c, ast.Call)]
            if not all(_on_numbers(c.func, frozenset(out)) for c in calls):
                out.discard(name)
                changed = True
    return frozenset(out)


#: Builtins of numbers.
NUMBER_BUILTINS = frozenset({"abs", "min", "max", "float", "int", "round", "pow"})


def _on_numbers(func: ast.expr, scalar: frozenset[str]) -> bool:
    """Whether a called function works on numbers: math's, a builtin of numbers, or one of the
    file's ``scalar`` functions."""
    if isinstance(func, ast.Name):
        return func.id in scalar or func.id in NUMBER_BUILTINS
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id in ("math", "cmath")
    )


PATTERN = Vectorized()
