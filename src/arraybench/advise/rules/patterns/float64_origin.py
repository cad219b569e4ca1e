"""The line that makes a float64 value, told beside the finding where it meets float32 work.

AB410 (float64_promotion.py) and the run's AB401 (float64_from_numpy.py) are told where the
float64 value meets the float32 work: ``p_roll = crr * mass * 9.81 * v``, the line whose time
grows. The line a user changes is often another one: ``return torch.from_numpy(ROLLING)[
self.tyre]`` in the method that made ``self.crr``, a module's ``CROP_KC = np.array([...])``.
Where the value's names lead back, through the file's assignments, attributes, parameters and
returns (float64_trace.py's ``_traced``), to one statement that makes it float64, that
statement is listed too: the fix of the other finding, its saving the same one, counted once
(``Finding.fix_of``; the report's "cost together" leaves it out).

    candidates  the findings of AB410 and AB401 told where the value meets the float32 work
    evidence    the float64 names seen on the finding's line (every name it reads where the
                run did not look there) trace back to one conversion of NumPy data to torch
                without a dtype (``torch.from_numpy``, ``torch.as_tensor``) or, failing that,
                to one NumPy call that makes floats in its default dtype (``np.array`` of
                numbers with a decimal point, ``np.linspace``, ``rng.uniform``) with no cast
                after it; that statement is another line, outside the loop, with no finding
    price       the finding's own: one fix, one saving; two findings of one made value
                (where a step meets it and where the loop calling the step adds it again)
                are one finding, folded as float64_promotion folds one fix's twins
                (float64_work.fold_same_value)
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import replace

from ...read.source import SourceFile, read_source, statement_at
from ...read.syntax import call_name, walk_tree
from ...records import Finding
from .base import Analysis
from .float64_attribute import FLOAT64_MAKERS
from .float64_from_numpy import CASTS, _conversions, _with_dtype, cast_after
from .float64_trace import _read, _traced
from .float64_work import fold_same_value

#: The findings whose float64 value may be made on another line.
TOLD_WHERE_MET = frozenset({"AB410", "AB401"})
#: NumPy calls that make floats in NumPy's default dtype, float64, where given no dtype.
FLOAT_MAKERS = FLOAT64_MAKERS | {
    "logspace",
    "geomspace",
    "hanning",
    "hamming",
    "blackman",
    "bartlett",
    "kaiser",
    "rayleigh",
    "weibull",
    "laplace",
    "random_sample",
}
#: NumPy calls that make an array of the data they are given (floats: float64).
DATA_MAKERS = frozenset({"array", "asarray", "asanyarray", "ascontiguousarray"})


def told_at_origin(a: Analysis, paths: Iterable[str]) -> None:
    """Each AB410/AB401 finding whose float64 value one statement of the file makes, on
    another line: that statement listed as its fix (:attr:`Finding.fix_of`)."""
    for path in paths:
        sf = read_source(path)
        if sf.tree is None:
            continue
        # (the file's makers, read once: a conversion to torch first, then NumPy's)
        tables = ((_conversions(sf.tree), "AB401"), (_float_makers(sf.tree), "AB410"))
        # (the origins first, then the companions: a made line is no finding while traced)
        met: dict[tuple[int, str], list[tuple[Finding, str]]] = {}
        for f in [g for g in a.found.values() if g.path == path and g.code in TOLD_WHERE_MET]:
            if f.fix_of is None and (got := _origin(a, sf, f, tables)) is not None:
                met.setdefault(got[:2], []).append((f, got[2]))
        for (line, code), uses in met.items():
            f, fix = uses[0]
            for g, _ in uses[1:]:
                # (one value met in two regions, the step's line and its call in the loop
                # that adds it again: one fix, one finding)
                told = fold_same_value(a, path, f, g)
                del a.found[(path, f.line)], a.found[(path, g.line)]
                a.found[(path, told.line)] = f = told
            g, _ = a.finding(sf, line, code)
            a.found[(path, line)] = replace(
                g,
                seconds=f.seconds,
                share=f.share,
                gain=f.gain,
                count=None,
                fix_of=f.line,
                evidence=f"makes the float64 value that line {f.line}'s finding meets float32 "
                f"work with ({f.share:.0%} of the run there): the fix of that finding is on "
                f"this line, its saving the same one, counted once; {fix}",
            )


def _origin(
    a: Analysis, sf: SourceFile, f: Finding, tables: tuple[tuple[dict[int, ast.Call], str], ...]
) -> tuple[int, str, str] | None:
    """The first line of the one statement that makes ``f``'s float64 value, the code to tell
    it with (AB401 for a conversion to torch, AB410 for a NumPy call) and its fix; or None.
    ``tables``: the file's makers by line, each with its code, in the order they are tried."""
    first, last = sf.span(f.line)
    roots = _roots(a, sf, first, last)
    if not roots:
        return None
    loops = sf.enclosing_loops(first)
    if any(first <= ln <= last for table, _ in tables for ln in table):
        # (the finding is on the making line itself: a conversion in the loop, ``xb =
        # torch.from_numpy(X[start : start + batch])``, is the line to change, not where NumPy
        # made ``X``)
        return None
    for table, code in tables:
        lines = _traced(sf, {first: roots}, table)
        starts = {sf.span(ln)[0] for ln in lines}
        if len(starts) != 1:
            if starts:
                return None  # (several: no one line to change)
            continue
        at = starts.pop()
        if (
            first <= at <= last
            or (sf.path, at) in a.found
            or any(lp.line <= at <= lp.end for lp in loops)
            or sf.enclosing_loops(at)
        ):
            return None
        call = table[min(ln for ln in lines if sf.span(ln)[0] == at)]
        fix = f"make it float32 here: {_float32(call) if code == 'AB410' else _with_dtype(call)}"
        return at, code, fix
    return None


def _roots(a: Analysis, sf: SourceFile, first: int, last: int) -> set[str]:
    """The names the statement reads that the run saw float64 there, or (no look there)
    every name it reads."""
    stmt = statement_at(sf, first, (ast.For,))
    if stmt is None:
        return set()
    read = _read(getattr(stmt, "value", None) or stmt)
    facts = a.ev.facts_in(sf.path, first, last)
    wide = {_as_read(n) for n, x in facts.items() if x.dtype == "float64" and _as_read(n) in read}
    if wide:
        return wide
    if any(_as_read(n) in read for n in facts):
        return set()  # (looked at, and none float64 there: not this line's value)
    return read


#: NumPy makers that take a dtype (the random draws of a Generator mostly do not).
TAKE_DTYPE = DATA_MAKERS | {"linspace", "logspace", "geomspace"}


def _float32(call: ast.Call) -> str:
    """A NumPy maker's call made float32, in short: ``np.array(..., dtype=np.float32)``,
    ``rng.uniform(...).astype(np.float32)``."""
    func = ast.unparse(call.func)
    if call_name(call) in TAKE_DTYPE:
        return f"{func}(..., dtype=np.float32)"
    return f"{func}(...).astype(np.float32)"


def _as_read(name: str) -> str:
    """A name of the run's facts as float64_trace's ``_read`` gives it: ``self.patch.trim``
    -> ``self.trim`` (what any class of the file sets as ``self.trim``)."""
    return name if "." not in name else f"self.{name.rsplit('.', 1)[1]}"


def _float_makers(tree: ast.Module) -> dict[int, ast.Call]:
    """The file's NumPy calls that make float64 floats, given no dtype and not cast after."""
    cast = cast_after(tree, CASTS | {"astype"})
    out: dict[int, ast.Call] = {}
    for n in walk_tree(tree):
        if not isinstance(n, ast.Call) or id(n) in cast:
            continue
        if any(k.arg == "dtype" for k in n.keywords):
            continue
        name = call_name(n)
        if ast.unparse(n.func).startswith(("torch.", "jnp.", "jax.")):
            continue  # (torch's and JAX's defaults are float32)
        if name in FLOAT_MAKERS or (name in DATA_MAKERS and n.args and _decimal_data(n.args[0])):
            out.setdefault(n.lineno, n)
    return out


def _decimal_data(arg: ast.expr) -> bool:
    """Numbers written out with a decimal point among the data (``[0.299, 0.587, 0.114]``)."""
    return any(isinstance(c, ast.Constant) and isinstance(c.value, float) for c in ast.walk(arg))
