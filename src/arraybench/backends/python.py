"""Pure Python: inputs arrive as (nested) lists of floats; impls use math and loops."""

from __future__ import annotations

import math
import platform
from typing import Any

import numpy as np

from .base import BaseBackend


class PythonBackend(BaseBackend):
    """Lists of Python floats. Python floats are IEEE doubles: in any other dtype the inputs are
    rounded to that dtype first (so every backend computes on the same numbers) and the impl
    computes in double precision, which each case records (``CaseResult.computed_in``)."""

    name = "python"
    dtypes = ("float16", "bfloat16", "float32", "float64")
    #: The precision impls compute in, whatever the case's dtype.
    computes_in = "float64"

    @property
    def xp(self) -> Any:
        # No array namespace: pure-Python impls use math and loops. Kept for the Protocol.
        return math

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        self.check_device(device)
        if not isinstance(a, np.ndarray):
            return a
        if dtype == "bfloat16":  # NumPy has no bfloat16: round float32's bits by hand
            return _round_bfloat16(a).tolist()
        return a.astype(dtype, copy=False).tolist()

    def info(self) -> dict[str, Any]:
        return {
            "version": platform.python_version(),
            "implementation": platform.python_implementation(),
            "threads": 1,
            "devices": self.devices(),
        }


def _round_bfloat16(a: np.ndarray) -> np.ndarray:
    """``a`` rounded to bfloat16 (float32's top 16 bits, to nearest, ties to even), as float32.

    The inputs hold no NaN (the inputs builder is checked), so the carry can only round a
    finite value up to the next bfloat16 or to infinity, as a cast does.
    """
    bits = a.astype(np.float32).view(np.uint32).astype(np.uint64)
    even = (bits >> 16) & 1
    rounded = ((bits + 0x7FFF + even) >> 16) << 16
    return rounded.astype(np.uint32).view(np.float32)
