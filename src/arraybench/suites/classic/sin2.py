"""y = sin(x)**2, elementwise, from 1 to 10**7 elements.

Question: "Why is a PyTorch model 10x slower than a pure Python function?" The published claim: for
small inputs a Python list comprehension beats PyTorch and NumPy, because each library call pays
a fixed cost (dispatch, allocation, conversion from a list) that a small input never amortises.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import arraybench as ab

sin2 = ab.Workload(
    "sin2",
    sizes=ab.logsizes(1, 10**7),
    description="y = sin(x)**2, elementwise",
    flops=lambda n: 2 * n,
    bytes=lambda n, itemsize: 2 * n * itemsize,
)


@sin2.inputs
def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
    return {"x": rng.uniform(-3.0, 3.0, n)}


@sin2.impl("python")
def loop(x: list[float]) -> list[float]:
    """The list comprehension the question starts from."""
    return [math.sin(v) ** 2 for v in x]


@sin2.impl("numpy", "torch", "jax")
def vectorized(x: Any, xp: Any) -> Any:
    """One vectorized expression, inputs already in the library's array type."""
    return xp.sin(x) ** 2


@sin2.impl("numpy", label="from list", inputs="python")
def numpy_from_list(x: list[float], dtype: str) -> Any:
    """Conversion from a Python list inside the clock, as in a function that takes lists."""
    return np.sin(np.asarray(x, dtype=dtype)) ** 2


@sin2.impl("torch", label="from list", inputs="python")
def torch_from_list(x: list[float], dtype: str, device: str) -> Any:
    """``torch.tensor(list)`` inside the clock: the usual reason small torch calls look slow."""
    import torch

    return torch.sin(torch.tensor(x, dtype=getattr(torch, dtype), device=device)) ** 2
