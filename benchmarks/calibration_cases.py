"""The fixed case set of benchmarks/calibration.py: one kernel in pure Python, NumPy and PyTorch.

y = sin(x)**2 on 10, 10^3 and 10^5 float64 elements: from about 1 µs (NumPy at n=10) to about
10 ms (the Python loop at n=10^5), each size one group of three cases sampled in turns, so the
run also gives two interleaved ratios per size (Python / NumPy and torch / NumPy).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import arraybench as ab

calibration = ab.Workload(
    "calibration",
    sizes=(10, 1_000, 100_000),
    dtypes=("float64",),
    description="y = sin(x)**2 in pure Python, NumPy and PyTorch (float64, CPU)",
)


@calibration.inputs
def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
    return {"x": rng.uniform(-3.0, 3.0, n)}


@calibration.impl("python")
def loop(x: list[float]) -> list[float]:
    return [math.sin(v) ** 2 for v in x]


@calibration.impl("numpy", "torch")
def vectorized(x: Any, xp: Any) -> Any:
    return xp.sin(x) ** 2
