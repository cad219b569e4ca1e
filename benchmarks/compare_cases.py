"""The case set of benchmarks/compare_power.py: 8 cases in pure Python, NumPy and PyTorch.

y = sin(x)**2 at 10^3 and 10^5 float64 elements, four ways: a Python loop, NumPy, PyTorch, and
``tunable`` (NumPy), whose work is a parameter: with ``ARRAYBENCH_SLOWER=0.10`` it also computes
sin over an extra 10% of its input and drops it, so it is 10% slower where the work dominates
(n=10^5) and gives the same output.
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np

import arraybench as ab

#: Extra work of the tunable impl, as a share of its own (0: none).
SLOWER = float(os.environ.get("ARRAYBENCH_SLOWER", "0") or 0)

compare_cases = ab.Workload(
    "compare_cases",
    sizes=(1_000, 100_000),
    dtypes=("float64",),
    description="y = sin(x)**2 in pure Python, NumPy, PyTorch, and a NumPy impl of tunable work",
)


@compare_cases.inputs
def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
    return {"x": rng.uniform(-3.0, 3.0, n)}


@compare_cases.impl("python")
def loop(x: list[float]) -> list[float]:
    return [math.sin(v) ** 2 for v in x]


@compare_cases.impl("numpy", "torch")
def vectorized(x: Any, xp: Any) -> Any:
    return xp.sin(x) ** 2


_EXTRA: dict[int, np.ndarray] = {}


@compare_cases.impl("numpy")
def tunable(x: np.ndarray) -> np.ndarray:
    y = np.sin(x) ** 2
    extra = round(SLOWER * x.size)
    if extra:
        scratch = _EXTRA.get(extra)
        if scratch is None:
            scratch = _EXTRA[extra] = np.empty(extra)
        np.sin(x[:extra], out=scratch)
        np.multiply(scratch, scratch, out=scratch)
    return y
