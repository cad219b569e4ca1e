"""AB418: a NumPy float array raised to a whole power other than 2 (``phi ** 3``, ``r ** -6``,
``np.power(x, 4)``) on a line run many times.

NumPy raises an array to 2 by squaring it, but to 3, 4 or -6 by calling the C library's
``pow`` once per element: ~1.5 ns an element where the bases are positive, and ~40 ns where
some are negative (glibc's exact path for a negative base), against ~0.3 ns an element for each
product that ``phi * phi * phi`` makes. Round 26's Cahn-Hilliard solver spent 44% of its run on
``phi ** 3`` of a lattice of small signed values; ``phi * phi * phi`` saved 51.8% (the same
values within 1e-14).

    candidates  ``x ** k`` or ``np.power(x, k)`` with ``k`` a whole number, 3 <= |k| <= 8
    evidence    the run saw the base (its largest name) a NumPy float array of POWER_MIN
                elements or more; the line's time LIST_SHARE of the run or more
    price       the power timed after the run on an array of the seen size, once of signed
                values and once of positive ones, against the products that replace it; the
                saving a run between the two, times the line's runs, at most the line's time;
                stated at the signed one where the line takes half of that a run or more
"""

from __future__ import annotations

import ast
import statistics
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.source import SourceFile, call_name, enclosing_function
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import per_call_times
from ...run.values import Fact
from .base import Analysis
from .expressions import facts_around

#: Elements of the base below which the power is a few calls' overhead, not its elements'.
POWER_MIN = 256
#: The whole exponents NumPy computes by ``pow`` (2, 1, 0, -1 and 0.5 have fast paths).
EXPONENTS = frozenset({3, 4, 5, 6, 7, 8, -2, -3, -4, -5, -6, -7, -8})
#: Seconds the timing after the run may take, for each of the three timings.
TIMING_S = 0.2


class IntegerPower:
    rule = register(
        Rule(
            "AB418",
            "integer-power",
            WARNING,
            "a NumPy float array raised to a whole power other than 2 (x ** 3, r ** -6, "
            "np.power(x, 4)): NumPy calls the C library's pow once per element (~1.5 ns, and "
            "~40 ns where the base is negative), where products of the array cost ~0.3 ns each",
            "write the power as products: x * x * x for x ** 3; for higher powers square first "
            "(x2 = x * x; x2 * x2 * x2 for x ** 6); 1.0 / (x * x * x) for x ** -3",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        told: set[int] = set()
        for node in walk_tree(sf.tree):
            got = _power(node) if isinstance(node, ast.BinOp | ast.Call) else None
            if got is None or not isinstance(node, ast.BinOp | ast.Call):
                continue
            base, k = got
            first, last = sf.span(node.lineno)
            if first in told or (sf.path, first) in a.found or a.covered(sf.path, first):
                continue
            # (a line of operators only is seldom looked at: its names as seen elsewhere in
            # its function, or passed to it)
            facts = facts_around(a, sf, first, last)
            returned = _returned_attribute(a, sf, node.lineno, base, facts)
            x = _array(base, {**returned, **facts})
            if x is None:
                continue
            count = a.led.count((sf.path, first))
            seconds = a.led.span(sf.path, first, last, own=True)
            if not count.n:
                continue
            timed = _timed(x, k, min(TIMING_S, a.budget() / 3))
            if timed is None:
                continue
            signed, positive, products = timed
            if seconds / a.total < LIST_SHARE and returned:
                # (a getter's return of operators, never sampled: its signal is handled at the
                # caller's next check; its power priced by its runs, on positive values, the
                # least it costs: blind99's radiating racks, ``self.surface_k ** 4``)
                seconds = count.n * positive
            if seconds / a.total < LIST_SHARE:
                continue
            high = min(seconds, count.n * signed) - count.n * products
            low = min(seconds, count.n * positive) - count.n * products
            # (a line that takes less a run than the power of signed values does has mostly
            # positive ones: its own time may be another call's, ``np.exp(x) ** 3``)
            stated = high if seconds / count.n >= signed / 2 else low
            if stated <= 0:
                continue
            told.add(first)
            f, _ = a.finding(sf, first, self.rule.code)
            what = ast.unparse(node)
            yield replace(
                f,
                seconds=stated,
                share=stated / a.total,
                count=count,
                evidence=f"runs {count} times, {format_time(seconds / count.n)} each: {what} "
                f"raises a {x} to the power {k} by pow() per element: "
                f"{format_time(signed)} a call where its values are signed, "
                f"{format_time(positive)} where they are positive, against "
                f"{format_time(products)} for {_products(ast.unparse(base), k)} (timed after "
                "the run on an array of that size)",
                gain=(max(0.0, low), high),
            )


def _returned_attribute(
    a: Analysis, sf: SourceFile, line: int, base: ast.expr, facts: dict[str, Fact]
) -> dict[str, Fact]:
    """For a power in a method's ``return`` whose base reads an attribute of the object that
    the method's lines never showed (``self.surface_k``), that attribute as the run saw it
    elsewhere in the file (``state.surface_k`` where the loop updates it); {} otherwise."""
    fn = enclosing_function(sf, line)
    ret = fn.body[-1] if fn is not None and fn.body else None
    if not isinstance(ret, ast.Return) or ret.lineno != line:
        return {}
    out: dict[str, Fact] = {}
    seen = a.ev.facts_in(sf.path, 1, len(sf.lines))
    for e in ast.walk(base):
        if (
            isinstance(e, ast.Attribute)
            and isinstance(e.value, ast.Name)
            and e.value.id == "self"
            and f"self.{e.attr}" not in facts
        ):
            got = [x for n, x in seen.items() if n.rsplit(".", 1)[-1] == e.attr and "." in n]
            if got:
                out[f"self.{e.attr}"] = max(got, key=lambda x: x.size)
    return out


def _power(node: ast.AST) -> tuple[ast.expr, int] | None:
    """(the base, the exponent) of ``x ** k`` or ``np.power(x, k)`` with a whole ``k`` of
    EXPONENTS, else None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        base, exp = node.left, node.right
    elif isinstance(node, ast.Call) and call_name(node) == "power" and len(node.args) == 2:
        base, exp = node.args
    else:
        return None
    value: object = None
    if isinstance(exp, ast.Constant):
        value = exp.value
    elif (
        isinstance(exp, ast.UnaryOp)
        and isinstance(exp.op, ast.USub)
        and isinstance(exp.operand, ast.Constant)
        and isinstance(exp.operand.value, int | float)
    ):
        value = -exp.operand.value
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        return None
    k = int(value)
    return (base, k) if k in EXPONENTS else None


def _array(base: ast.expr, facts: dict[str, Fact]) -> Fact | None:
    """The largest NumPy float array of POWER_MIN elements or more among the names the base
    reads (``(x - mu) ** 3`` has the shape of ``x``), where none of them is another kind of
    array (a tensor's power is its own kernel's)."""
    seen = [
        facts[n]
        for n in {ast.unparse(e) for e in ast.walk(base) if isinstance(e, ast.Name | ast.Attribute)}
        if n in facts
    ]
    if any(x.type in ("torch.Tensor", "jax.Array") for x in seen):
        return None
    arrays = [
        x
        for x in seen
        if x.type == "numpy.ndarray" and x.dtype in ("float64", "float32") and x.size >= POWER_MIN
    ]
    return max(arrays, key=lambda x: x.size) if arrays else None


def _timed(x: Fact, k: int, budget: float) -> tuple[float, float, float] | None:
    """Seconds a call of ``** k`` on an array of ``x``'s size and dtype takes on signed and on
    positive values, and the products that replace it take."""
    try:
        import numpy as np

        rng = np.random.default_rng(0)
        signed = rng.standard_normal(x.size).astype(x.dtype)
        positive = np.abs(signed) + 0.5
        times = [
            per_call_times(fn, lambda: None, budget)
            for fn in (
                lambda: signed**k,
                lambda: positive**k,
                lambda: _multiplied(signed, k),
            )
        ]
    except Exception:
        return None
    if any(t is None for t in times):
        return None
    a, b, c = (statistics.median(t) for t in times if t is not None)
    return a, b, c


def _multiplied(x: object, k: int) -> object:
    """``x ** k`` as products (and a division for a negative ``k``)."""
    out = x
    for _ in range(abs(k) - 1):
        out = out * x  # type: ignore[operator]
    return 1.0 / out if k < 0 else out  # type: ignore[operator]


def _products(base: str, k: int) -> str:
    b = base if base.isidentifier() else f"({base})"
    made = " * ".join([b] * abs(k))
    return f"1.0 / ({made})" if k < 0 else made


PATTERN = IntegerPower()
