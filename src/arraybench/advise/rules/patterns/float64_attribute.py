"""AB410 of an object's float64 attribute that a method's line of operators mixes into float32
state, where no look of the run saw the line (its signal is handled back at the caller).

``self.drag = rng.uniform(0.05, 0.15, size=(n, 1))`` in ``__init__`` (NumPy's default float64),
then ``return rel * (1.0 - self.drag * self.dt)`` in ``apply_drag``, whose value becomes
``self.vel``, made float32 in ``__init__``: from the first step on the velocities, and all the
loop's work on them, are float64. The run sees the state change dtype (float32 at its first
look, float64 later) but not the line that did it; the source says which attribute, made how.

    candidates  an attribute of the object that ``__init__`` makes float32 (``dtype=np.float32``
                or ``.astype(np.float32)``) and a method assigns again; in that assignment's
                value, or in the one ``return`` of a method of the file it calls, an attribute
                that ``__init__`` makes by a NumPy call of the default dtype (``rng.uniform``,
                ``np.random.rand``, ``np.linspace``, ``np.zeros`` without ``dtype``) and
                nothing casts
    evidence    the state seen float32 and float64 by the run (SIZE_MIN elements or more); the
                loop's statements where it was float64 cost LIST_SHARE of the run or more; no
                AB410 finding in that region yet
    price       that work less itself over the float32 ratio of an elementwise multiply-add on
                the state's shape, timed after the run
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...read.purity import set_after_init
from ...read.source import SourceFile, enclosing_function, returned_by
from ...read.syntax import call_name, walk_tree
from ...records import LIST_SHARE, Finding
from ...run.values import is_array
from .base import Analysis
from .expressions import facts_around, looks_anywhere
from .float64_promotion import PATTERN as PROMOTION
from .float64_sources import _called_from_loop
from .float64_values import SIZE_MIN, _big, looks_at
from .float64_work import costliest, float64_work, stand_in_ratio, with_costliest

#: NumPy calls that make float64 arrays unless given a dtype.
FLOAT64_MAKERS = frozenset(
    {
        "uniform",
        "normal",
        "standard_normal",
        "random",
        "rand",
        "randn",
        "exponential",
        "gamma",
        "beta",
        "lognormal",
        "linspace",
        "zeros",
        "ones",
        "empty",
        "full",
    }
)


class Float64Attribute:
    """Runs after AB410's own promotions (float64_promotion.py)."""

    rule = PROMOTION.rule

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        inits = [
            f for f in walk_tree(sf.tree) if isinstance(f, ast.FunctionDef) and f.name == "__init__"
        ]
        made: dict[str, tuple[int, ast.expr]] = {}
        for init in inits:
            for st in ast.walk(init):
                if isinstance(st, ast.Assign) and len(st.targets) == 1:
                    t = st.targets[0]
                    if (
                        isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id == "self"
                    ):
                        made[t.attr] = (st.lineno, st.value)
        states = {n for n, (_, v) in made.items() if _float32(v)}
        sources = {n for n, (_, v) in made.items() if _default_float64(v)}
        if not sources:
            return
        yield from self._returns(a, sf, {s for s in sources if not set_after_init(sf, s)}, made)
        if not states:
            return
        for st in walk_tree(sf.tree):
            if not (
                isinstance(st, ast.Assign)
                and len(st.targets) == 1
                and isinstance(st.targets[0], ast.Attribute)
                and st.targets[0].attr in states
            ):
                continue
            fn = enclosing_function(sf, st.lineno)
            if fn is None or fn.name == "__init__":
                continue
            state = st.targets[0].attr
            got = _mixes(sf, st.value, sources)
            if got is None:
                continue
            at, source = got
            f = self._priced(a, sf, at, state, source, made[source])
            if f is not None:
                yield f

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        at: int,
        state: str,
        source: str,
        made: tuple[int, ast.expr],
    ) -> Finding | None:
        if (sf.path, at) in a.found:
            return None
        name = f"self.{state}"
        # (every look at the state, anywhere in the file)
        seen = [x for x in looks_anywhere(a, sf.path, name) if is_array(x) and x.size >= SIZE_MIN]
        if not any(x.dtype == "float32" for x in seen) or not any(
            x.dtype == "float64" for x in seen
        ):
            return None
        chain = _called_from_loop(sf, at, a)
        if chain is None:
            return None
        (lo, hi), regions = chain
        if any(
            f.code == self.rule.code and any(r_lo <= f.line <= r_hi for r_lo, r_hi in regions)
            for f in a.found.values()
        ):
            return None
        spans = float64_work(a, sf, lo, hi, [name])
        for r_lo, r_hi in regions:
            spans += float64_work(a, sf, r_lo, r_hi, [name])
        if not spans:
            return None
        work = a.led.union(spans)
        big = max((x for x in seen if x.dtype == "float64"), key=lambda x: x.size)
        priced = stand_in_ratio(a, sf, lo, hi, big)
        if priced is None:
            return None
        (mid, low_r, high_r), what = priced
        saving = work * (1 - 1 / max(mid, 1.0))
        if mid <= 1.0 or saving / a.total < LIST_SHARE:
            return None
        f, _ = a.finding(sf, at, self.rule.code)
        line, value = made
        evidence = (
            f"self.{source} (made at line {line}: self.{source} = {ast.unparse(value)[:70]}, "
            f"NumPy's default float64) meets float32 work here, and its result becomes {name} "
            f"(made float32 in __init__; float64 at later looks of the run): the loop's float64 "
            f"work takes {format_time(work)} ({work / a.total:.0%} of the run); {what} ran "
            f"{mid:.2f}x as fast in float32 (timed after the run); make self.{source} float32 "
            f"where it is made (line {line}): "
            f"{ast.unparse(value)[:60]}.astype(np.float32)"
        )
        return replace(
            f,
            seconds=saving,
            share=saving / a.total,
            evidence=evidence,
            gain=(work * (1 - 1 / max(low_r, 1.0)), max(saving, work * (1 - 1 / max(high_r, 1.0)))),
        )

    def _returns(
        self,
        a: Analysis,
        sf: SourceFile,
        sources: set[str],
        made: dict[str, tuple[int, ast.expr]],
    ) -> Iterator[Finding]:
        """A method's ``return`` that mixes a float64 source attribute into its float32
        arrays, its result float64 work in the loop that calls it: ``return loss -
        self.gains[k] + self.terrain.shadow`` with ``self.gains = np.linspace(2.0, 9.0, n)``
        (a ``numpy.float64`` under NumPy 2's rules: every received-power map of blind91's radio
        coverage became float64, the power and sum after it included). A line of operators at
        a function's end is never looked at: the float32 arrays are those the run saw in the
        method, the float64 work the arrays the calling loop stores, of their shape."""
        assert sf.tree is not None
        for ret in walk_tree(sf.tree):
            if not isinstance(ret, ast.Return) or ret.value is None:
                continue
            fn = enclosing_function(sf, ret.lineno)
            source = _source_read(ret.value, sources)
            if fn is None or fn.name == "__init__" or source is None:
                continue
            if _cast(ret.value, source) or (sf.path, ret.lineno) in a.found:
                continue
            chain = _called_from_loop(sf, ret.lineno, a)
            if chain is None:
                continue
            (lo, hi), regions = chain
            if any(
                f.code == self.rule.code and any(r_lo <= f.line <= r_hi for r_lo, r_hi in regions)
                for f in a.found.values()
            ):
                continue
            inside = [x for x in facts_around(a, sf, lo, hi).values() if _big(x, "float32")]
            shapes = {x.shape for x in inside}
            spans = [s for r_lo, r_hi in regions for s in float64_work(a, sf, r_lo, r_hi, [])]
            seen64 = [
                x
                for _, s_lo, s_hi in spans
                for xs in looks_at(a, sf.path, s_lo, s_hi).values()
                for x in xs
                if _big(x, "float64") and x.shape in shapes
            ]
            if not seen64:
                continue  # (float64 by design, or none of it of the method's float32 arrays)
            # (each statement's own time: ``rx = tx_dbm - self.path_loss(k, freq)`` holds the
            # method's float32 work too; the return's own line is float64)
            work = sum(a.led.span(p, s_lo, s_hi, own=True) for p, s_lo, s_hi in spans)
            work += a.led.span(sf.path, *sf.span(ret.lineno), own=True)
            big = max(seen64, key=lambda x: x.size)
            loop_lo, loop_hi = regions[-1]
            priced = stand_in_ratio(a, sf, loop_lo, loop_hi, big)
            if priced is None:
                continue
            (mid, low_r, high_r), what = priced
            saving = work * (1 - 1 / max(mid, 1.0))
            low_s, high_s = saving, work * (1 - 1 / max(high_r, 1.0))
            top = costliest(a, sf, spans, ret.lineno, {}, big.size)
            if top is not None:
                # (the costliest float64 statement downstream, ``np.power(10.0, rx / 10.0)``,
                # timed in float64 and in float32: its ratio on its own time)
                low_s, saving, high_s, mid = with_costliest(work, (mid, low_r, high_r), top)
                what = f"{top[2]} (the costliest of it), and {what} for the rest,"
            if mid <= 1.0 or saving / a.total < LIST_SHARE:
                continue
            f, _ = a.finding(sf, ret.lineno, self.rule.code)
            line, value = made[source]
            evidence = (
                f"self.{source} (made at line {line}: self.{source} = {ast.unparse(value)[:70]}, "
                f"NumPy's default float64) meets the method's float32 arrays ({inside[0]}) in "
                f"what it returns: its result is float64, and so is the work the calling loop "
                f"does with it ({big}): {format_time(work)} ({work / a.total:.0%} of the run); "
                f"{what} ran {mid:.2f}x as fast in float32 (timed after the run); make "
                f"self.{source} float32 where it is made (line {line}): "
                f"{ast.unparse(value)[:60]}.astype(np.float32)"
            )
            yield replace(
                f,
                seconds=saving,
                share=saving / a.total,
                evidence=evidence,
                gain=(min(low_s, saving), max(high_s, saving)),
            )


def _cast(value: ast.expr, source: str) -> bool:
    """Whether the attribute is read inside a cast to float32 or a Python float (``float(...)``,
    ``np.float32(...)``, ``.astype(np.float32)``, ``.item()``)."""
    for c in ast.walk(value):
        if not isinstance(c, ast.Call):
            continue
        name = call_name(c)
        inside = any(
            isinstance(n, ast.Attribute) and n.attr == source
            for n in ast.walk(
                c.func.value
                if name in ("astype", "item") and isinstance(c.func, ast.Attribute)
                else c
            )
        )
        if inside and (
            name in ("float", "float32", "item")
            or (name == "astype" and "float32" in ast.unparse(c))
        ):
            return True
    return False


def _float32(value: ast.expr) -> bool:
    """Made float32 on its line: ``dtype=np.float32`` or ``.astype(np.float32)``."""
    text = ast.unparse(value)
    return "float32" in text


def _default_float64(value: ast.expr) -> bool:
    """A NumPy call of the default dtype, not cast (``rng.uniform(0, 1, size=(n, 1))``)."""
    return (
        isinstance(value, ast.Call)
        and call_name(value) in FLOAT64_MAKERS
        and not any(k.arg == "dtype" for k in value.keywords)
        and "float32" not in ast.unparse(value)
    )


def _mixes(sf: SourceFile, value: ast.expr, sources: set[str]) -> tuple[int, str] | None:
    """Where a float64 attribute enters the value: on its own line (``self.drag`` read there),
    or in the one ``return`` of a method of the file it calls (``self.apply_drag(turned)``)."""
    read = _source_read(value, sources)
    if read is not None:
        return value.lineno, read
    for c in ast.walk(value):
        if (
            isinstance(c, ast.Call)
            and isinstance(c.func, ast.Attribute)
            and isinstance(c.func.value, ast.Name)
            and c.func.value.id == "self"
        ):
            ret = returned_by(sf, c.func.attr)
            read = _source_read(ret, sources) if ret is not None else None
            if ret is not None and read is not None:
                return ret.lineno, read
    return None


def _source_read(node: ast.AST, sources: set[str]) -> str | None:
    """The first of ``sources`` read as an attribute of ``self`` in the expression, or None."""
    return next(
        (
            n.attr
            for n in ast.walk(node)
            if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
            and n.attr in sources
        ),
        None,
    )


PATTERN = Float64Attribute()
