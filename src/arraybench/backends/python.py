"""Pure Python: inputs arrive as (nested) lists of floats; impls use math and loops."""

from __future__ import annotations

import math
import platform
from typing import Any

import numpy as np

from .base import BaseBackend


class PythonBackend(BaseBackend):
    """Lists of Python floats. Python floats are IEEE doubles, so only float64 is meaningful."""

    name = "python"
    dtypes = ("float64",)

    @property
    def xp(self) -> Any:
        # No array namespace: pure-Python impls use math and loops. Kept for the Protocol.
        return math

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        self.check_device(device)
        if not isinstance(a, np.ndarray):
            return a
        return a.astype(dtype, copy=False).tolist()

    def info(self) -> dict[str, Any]:
        return {
            "version": platform.python_version(),
            "implementation": platform.python_implementation(),
            "threads": 1,
            "devices": self.devices(),
        }
