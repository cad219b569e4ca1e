"""Checking an output against the reference, with tolerances that depend on the dtype."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..results import Check

#: Norm-wise relative tolerance per dtype, against a float64 reference. None is tighter than
#: ``torch.testing.assert_close``'s default rtol for the dtype (float64 1e-7, float32 1.3e-6,
#: float16 1e-3, bfloat16 1.6e-2; numpy.testing.assert_allclose's is 1e-7), and ours is norm-wise,
#: looser still. float64's 1e-7 is about 5e8 machine epsilons: a library's different but correct
#: algorithm passes (``torch.cdist``'s ``|x|^2 + |y|^2 - 2x.y`` loses half the digits of a distance
#: near zero, ~1e-8 of the largest), while a wrong formula (an error of order 1) still fails by
#: orders of magnitude. float32's 1e-4 (~840 epsilons) gives reductions of up to ~10^7 terms room.
RTOL: dict[str, float] = {
    "float64": 1e-7,
    "float32": 1e-4,
    "float16": 1e-2,
    "bfloat16": 5e-2,
}

#: A failure within this factor of the tolerance is "close": more likely a different algorithm
#: (another summation order, a faster formula) than a wrong one, and its message says how to
#: accept it.
CLOSE = 1000.0


class CheckError(Exception):
    """The output cannot be compared at all (wrong type or shape): the message says how."""


def tolerance(dtype: str, *overrides: Mapping[str, float] | None) -> float:
    """The tolerance for ``dtype``: the last of ``overrides`` (dicts of dtype to tolerance, such as
    a workload's ``rtol=`` then an impl's) that names it, else :data:`RTOL`'s."""
    for given in reversed(overrides):
        if given and dtype in given:
            return float(given[dtype])
    return RTOL.get(dtype, 1e-4)


def is_close(check: Check) -> bool:
    """Whether a failed check missed its tolerance by less than :data:`CLOSE` times."""
    rel = check.max_rel_err
    return not check.passed and math.isfinite(rel) and rel <= CLOSE * check.rtol


def suggested_rtol(check: Check) -> float:
    """A round tolerance that accepts ``check``'s error with room (3x, up to the next decade)."""
    return float(10.0 ** math.ceil(math.log10(max(check.max_rel_err, 1e-300) * 3)))


def close_hint(check: Check, dtype: str) -> str:
    """``"; close: a different algorithm? ..."``, how to accept a close failure; "" otherwise."""
    if not is_close(check):
        return ""
    tol = f'{{"{dtype}": {suggested_rtol(check):g}}}'
    return (
        f"; close: a different algorithm? Workload(rtol={tol}) or "
        f"@w.impl(..., rtol={tol}) accepts it"
    )


def compare(out: Any, ref: Any, rtol: float) -> Check:
    """Compare an output (already on the host as NumPy, or a tuple of them) with the reference."""
    outs, refs = _leaves(out), _leaves(ref)
    if len(outs) != len(refs):
        return Check(
            False,
            math.nan,
            math.nan,
            rtol,
            f"returned {len(outs)} arrays, the reference returns {len(refs)}",
        )
    worst_abs, worst_rel = 0.0, 0.0
    for i, (o, r) in enumerate(zip(outs, refs, strict=True)):
        where = f" (output {i})" if len(outs) > 1 else ""
        try:
            a = _numeric(o, "output")
            b = _numeric(r, "reference")
        except CheckError as e:
            return Check(False, math.nan, math.nan, rtol, f"{e}{where}")
        if a.shape != b.shape:
            return Check(
                False,
                math.nan,
                math.nan,
                rtol,
                f"wrong shape{where}: got {a.shape}, expected {b.shape}",
            )
        bad = int(np.count_nonzero(np.isnan(a)))
        if bad:
            return Check(
                False,
                math.nan,
                math.nan,
                rtol,
                f"output has NaN{where} ({bad} of {a.size} values); NaN never passes",
            )
        if np.isnan(b).any():
            return Check(
                False,
                math.nan,
                math.nan,
                rtol,
                f"the reference output has NaN{where}: the reference impl is wrong "
                "or its inputs are out of its domain",
            )
        common = np.result_type(a.dtype, b.dtype, np.float64)  # complex stays complex
        a64 = a.astype(common, copy=False)
        b64 = b.astype(common, copy=False)
        same = a64 == b64  # equal infinities compare equal; their difference would be NaN
        with np.errstate(invalid="ignore", over="ignore"):
            diff = np.where(same, 0.0, np.abs(a64 - b64))
        max_abs = float(diff.max()) if diff.size else 0.0
        finite = b64[np.isfinite(b64)]
        scale = float(np.abs(finite).max()) if finite.size else 0.0
        rel = max_abs / scale if scale > 0 else max_abs
        worst_abs, worst_rel = max(worst_abs, max_abs), max(worst_rel, rel)
    passed = worst_rel <= rtol
    msg = (
        ""
        if passed
        else (
            f"wrong numbers: max relative error {worst_rel:.3g} exceeds the tolerance {rtol:g} "
            f"(max absolute error {worst_abs:.3g})"
        )
    )
    return Check(passed, worst_abs, worst_rel, rtol, msg)


def _leaves(x: Any) -> list[Any]:
    if isinstance(x, tuple):
        return list(x)
    return [x]


def _numeric(x: Any, what: str) -> np.ndarray:
    if x is None:
        raise CheckError(f"the {what} is None, not an array (did the impl forget to return?)")
    try:
        a = np.asarray(x)
    except Exception as e:
        raise CheckError(f"the {what} ({type(x).__name__}) cannot become an array: {e}") from None
    if a.dtype == object or not (np.issubdtype(a.dtype, np.number) or a.dtype == np.bool_):
        raise CheckError(f"the {what} is {type(x).__name__} of dtype {a.dtype}, not numbers")
    return a
