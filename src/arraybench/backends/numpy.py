"""NumPy on the CPU."""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np

from .base import BaseBackend, blas_info, blas_threads


class NumpyBackend(BaseBackend):
    name = "numpy"
    module = "numpy"

    @property
    def xp(self) -> Any:
        return np

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        self.check_device(device)
        # A copy, so an impl that writes into its input cannot change another case's input.
        return np.array(a, dtype=dtype, copy=True)

    def threads(self, n: int) -> contextlib.AbstractContextManager[None]:
        return blas_threads(n)

    def info(self) -> dict[str, Any]:
        blas = blas_info("numpy") or blas_info("openblas")
        return {
            "version": np.__version__,
            "blas": blas,
            "threads": blas[0]["threads"] if blas else None,
            "devices": self.devices(),
        }
