"""After-run timings of stencils written by hand against the library call a line makes:
``scipy.ndimage.laplace(x, mode="wrap")`` and a periodic ``convolve2d`` of a small kernel
(rules/hints.py names the faster form with the ratio)."""

from __future__ import annotations

import importlib
import sys
from typing import Any

from .models import _array, per_call_pair


def laplace_ratio(shape: tuple[int, ...], dtype: str, budget: float = 0.3) -> float | None:
    """How many times faster the periodic 5-point stencil written with ``np.roll`` runs than
    ``scipy.ndimage.laplace(x, mode="wrap")`` on a grid of that shape and dtype, timed after the
    run (median of paired samples); None where SciPy is not loaded or it could not be timed."""
    try:
        np = sys.modules["numpy"]
        ndimage = sys.modules.get("scipy.ndimage")
        if ndimage is None:
            return None
        x = _array("numpy.ndarray", dtype, "", shape, 1)

        def rolled() -> Any:
            return (
                np.roll(x, 1, 0) + np.roll(x, -1, 0) + np.roll(x, 1, 1) + np.roll(x, -1, 1) - 4 * x
            )

        got = per_call_pair(lambda: ndimage.laplace(x, mode="wrap"), rolled, lambda: None, budget)
        return got[1] if got is not None else None
    except Exception:
        return None


def rolled_convolution_ratio(
    shape: tuple[int, ...], kernel: tuple[int, ...], dtype: str, budget: float = 0.3
) -> float | None:
    """How many times faster a periodic convolution with a small kernel runs as the kernel's
    weighted slices of the grid padded by wrapping (``np.pad(x, 1, mode="wrap")``) than as
    ``scipy.signal.convolve2d(x, k, mode="same", boundary="wrap")``, on a grid of that shape
    and dtype, timed after the run (median of paired samples); None where SciPy is not
    installed or it could not be timed."""
    try:
        np = sys.modules["numpy"]
        if len(shape) != 2 or len(kernel) != 2:
            return None
        # (the program's run loaded it; this process may not have: its import, once, is the
        # price of the figure where the line asks for it)
        signal = importlib.import_module("scipy.signal")
        x = _array("numpy.ndarray", dtype, "", shape, 1)
        k = np.ones(kernel, dtype=x.dtype)
        ci, cj = kernel[0] // 2, kernel[1] // 2
        rows, cols = shape
        cells = [(i, j) for i in range(kernel[0]) for j in range(kernel[1])]

        def rolled() -> Any:
            # slices of a copy padded by wrapping, one a kernel cell
            p = np.pad(x, ((ci, kernel[0] - 1 - ci), (cj, kernel[1] - 1 - cj)), mode="wrap")
            out = k[0, 0] * p[:rows, :cols]
            for i, j in cells[1:]:
                out += k[i, j] * p[i : i + rows, j : j + cols]
            return out

        def convolved() -> Any:
            return signal.convolve2d(x, k, mode="same", boundary="wrap")

        got = per_call_pair(convolved, rolled, lambda: None, budget)
        return got[1] if got is not None else None
    except Exception:
        return None
