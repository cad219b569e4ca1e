"""AB410 of a loop whose NumPy state was made float64 before it, by a float64 constant or array
NumPy made in its default dtype: told at that making line.

``LUMA = np.array([0.299, 0.587, 0.114])`` and a property ``return self.rgb @ LUMA`` of a
float32 scan: the grey image is float64 before the smoothing loop starts, and every product of
the loop (``rows_op @ img @ cols_op``, float32 operators) then runs in float64. No statement of
the loop promotes anything (the state is float64 at every look), so AB410 (float64_promotion.py)
has no line to tell, and the loop's lines read "no known pattern" (blind165's herbarium tiles,
55% measured by making ``LUMA`` float32).

    candidates  a loop (LIST_SHARE of the run or more) with no AB410 or AB401 finding in its
                reach (its lines and the file's functions it calls, two calls deep)
    evidence    statements of the loop where the run saw a float64 NumPy array (SIZE_MIN
                elements or more) that the loop stores again (its state) beside a float32 one
                of SIZE_MIN or more (float32 work made float64: NumPy's default alone is not
                this; arrays that stay, mixed and only summed, are not either), whose float64
                names trace back
                (float64_trace.py) to one NumPy call of its default dtype outside any loop
                (float64_origin.py's makers: ``np.array`` of decimals, ``np.linspace``,
                ``rng.uniform``), with no finding there
    price       the loop's float64 work (those statements' time, counted once) and its
                costliest statement timed after the run in float64 and in float32 on values of
                the seen shapes (a stand-in of the largest array seen where none can be): that
                work less itself over the ratio
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...read.calls import reached
from ...read.source import Loop, SourceFile, statement_at, stored_in
from ...records import LIST_SHARE, Finding
from ...run.values import ARRAY, Fact
from .base import Analysis
from .float64_from_numpy import _outer_loops
from .float64_origin import TOLD_WHERE_MET, _float32, _float_makers
from .float64_promotion import PATTERN as PROMOTION
from .float64_trace import _read, _traced
from .float64_values import _big, looks_at
from .float64_work import holding, loop_saving


class Float64State:
    """Runs after AB410 and the run's AB401 (a loop either names is theirs)."""

    rule = PROMOTION.rule

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        makers = _float_makers(sf.tree)
        if not makers:
            return
        told: set[int] = set()
        for lp in _outer_loops(sf):
            if a.led.span(sf.path, lp.line, lp.end) / a.total < LIST_SHARE:
                continue
            reach = reached(sf, [(lp.line, lp.end)], 2)
            if any(
                f.path == sf.path and f.code in TOLD_WHERE_MET and lo <= f.line <= hi
                for f in a.found.values()
                for lo, hi in reach
            ):
                continue
            seen: set[int] = set()
            wide: dict[int, tuple[int, set[str]]] = {}
            for lo, hi in reach:
                wide |= holding(a, sf, lo, hi, lambda n, x: _numpy(x, "float64"), seen)
            # (the loop's state: a float64 name of the statement that the loop stores again,
            # ``img = smooth(img, rows_op, cols_op)``; not ``err = a32 - b64`` of arrays that
            # stay, only summed after: a value made float64 on purpose, or AB410's to tell)
            mixed = {
                first: names
                for first, (last, names) in wide.items()
                if lp.line <= first <= lp.end and _mixes_state(a, sf, lp, first, last, names)
            }
            if not mixed:
                continue
            lines = _traced(sf, mixed, makers)
            starts = {sf.span(ln)[0] for ln in lines}
            if len(starts) != 1:
                continue
            at = starts.pop()
            if at in told or (sf.path, at) in a.found or sf.enclosing_loops(at):
                continue
            spans = [(sf.path, first, last) for first, (last, _) in wide.items()]
            call = makers[min(ln for ln in lines if sf.span(ln)[0] == at)]
            f = self._priced(a, sf, lp.line, lp.end, at, spans, call)
            if f is not None:
                told.add(at)
                yield f

    def _priced(
        self,
        a: Analysis,
        sf: SourceFile,
        lo: int,
        hi: int,
        at: int,
        spans: list[tuple[str, int, int]],
        call: ast.Call,
    ) -> Finding | None:
        work = a.led.union(spans)

        def largest() -> Fact:
            size = max(
                (
                    x.size
                    for path, first, last in spans
                    for xs in looks_at(a, path, first, last).values()
                    for x in xs
                    if _numpy(x, "float64")
                ),
                default=0,
            )
            return Fact(ARRAY, "numpy.ndarray", "float64", "cpu", (size,))

        got = loop_saving(
            a, sf, lo, hi, spans, work, largest, "the largest float64 array the loop saw"
        )
        if got is None:
            return None
        low, saving, high, mid, how = got
        f, _ = a.finding(sf, at, self.rule.code)
        return replace(
            f,
            seconds=saving,
            share=saving / a.total,
            count=None,
            gain=(low, high),
            evidence=f"{ast.unparse(call)[:60]} makes float64 values (NumPy's default "
            f"dtype) that the loop at line {lo} mixes with float32 arrays: its work on "
            f"them runs in float64 and takes {format_time(work)} ({work / a.total:.0%} of "
            f"the run); {how} ran {mid:.2f}x as fast in float32 (timed after the run on "
            f"inputs of the seen shapes); make it float32 here: {_float32(call)}",
        )


def _mixes_state(
    a: Analysis, sf: SourceFile, lp: Loop, first: int, last: int, names: set[str]
) -> bool:
    """Whether the statement reads, of its float64 ``names``, one the loop stores again, and a
    float32 array (of the names it reads: a module's looks hold all its globals)."""
    value = getattr(statement_at(sf, first, (ast.For,)), "value", None)
    read = _read(value) if isinstance(value, ast.AST) else set()
    return any(n in read and stored_in(sf, n, lp.line + 1, lp.end) for n in names) and any(
        _numpy(x, "float32")
        for n, xs in looks_at(a, sf.path, first, last).items()
        if n in read
        for x in xs
    )


def _numpy(x: Fact, dtype: str) -> bool:
    return x.type == "numpy.ndarray" and _big(x, dtype)


PATTERN = Float64State()
