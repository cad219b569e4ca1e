"""Checking an output against the reference, with tolerances that depend on the dtype."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..results import Check

#: Norm-wise relative tolerance per dtype, against a float64 reference. Each is about a thousand
#: times the dtype's machine epsilon, the room that different summation orders, fused multiply-adds
#: and libm implementations need on reductions of up to ~10^7 terms, while a wrong formula (an error
#: of order 1) still fails by orders of magnitude.
RTOL: dict[str, float] = {
    "float64": 1e-9,
    "float32": 1e-4,
    "float16": 1e-2,
    "bfloat16": 5e-2,
}


class CheckError(Exception):
    """The output cannot be compared at all (wrong type or shape): the message says how."""


def tolerance(dtype: str, overrides: Mapping[str, float] | None = None) -> float:
    if overrides and dtype in overrides:
        return float(overrides[dtype])
    return RTOL.get(dtype, 1e-4)


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
