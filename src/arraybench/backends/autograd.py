"""HIPS autograd: NumPy arrays differentiated by tracing; impls use autograd.numpy as xp."""

from __future__ import annotations

from importlib import metadata
from typing import Any

import numpy as np

from .base import BaseBackend, blas_info


class AutogradBackend(BaseBackend):
    name = "autograd"
    module = "autograd"
    install_hint = "pip install 'arraybench[autograd]'"

    @property
    def xp(self) -> Any:
        import autograd.numpy as anp

        return anp

    def asarray(self, a: np.ndarray, dtype: str, device: str) -> Any:
        self.check_device(device)
        return np.array(a, dtype=dtype, copy=True)

    def info(self) -> dict[str, Any]:
        # autograd computes with NumPy, so NumPy's BLAS is its BLAS.
        blas = blas_info("numpy")
        return {
            "version": metadata.version("autograd"),
            "numpy": np.__version__,
            "blas": blas,
            "threads": blas[0]["threads"] if blas else None,
            "devices": self.devices(),
        }
