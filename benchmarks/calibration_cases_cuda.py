"""The CUDA case set of benchmarks/calibration.py (``--cases``, with ``-- --device cpu,cuda``).

y = sin(x)**2 on 10^3, 10^5 and 10^7 float32 elements: the NumPy reference on the CPU, and
PyTorch, CuPy and JAX on the GPU (PyTorch on the CPU too), each size one group sampled in
turns. On a GPU these run from a launch-bound few µs to a bandwidth-bound ~100 µs, so the
coverage figures include both regimes; without a GPU only the CPU cases run.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import arraybench as ab

calibration_cuda = ab.Workload(
    "calibration_cuda",
    sizes=(1_000, 100_000, 10_000_000),
    dtypes=("float32",),
    description="y = sin(x)**2 in NumPy (CPU) and PyTorch, CuPy and JAX (CUDA)",
)


@calibration_cuda.inputs
def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
    return {"x": rng.uniform(-3.0, 3.0, n)}


@calibration_cuda.impl("numpy", "torch", "cupy", "jax")
def vectorized(x: Any, xp: Any) -> Any:
    return xp.sin(x) ** 2
