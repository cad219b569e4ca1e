"""A user workload for a CUDA GPU: ``arraybench run docs/examples/gpu_user.py --device cuda``.

One small operation, a scaled add ``y = a*x + b`` (saxpy with an offset), written three ways:
NumPy (the reference, on the CPU), CuPy (one fused elementwise kernel through its NumPy-like
API) and a hand-written Numba CUDA kernel with its launch. Every output is brought back to NumPy
and checked against the reference. Without a GPU the CuPy and Numba CUDA cases are skipped with
their reasons; nothing here imports CuPy or numba.cuda until a case runs.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

import arraybench as ab

A, B = 2.5, -1.0

axpb = ab.Workload(
    "axpb",
    sizes=(1_000, 100_000, 10_000_000),
    quick_sizes=(1_000, 1_000_000),
    description="y = a*x + b, elementwise",
    flops=lambda n: 2 * n,
    bytes=lambda n, itemsize: 2 * n * itemsize,
    dtypes=("float32",),
)


@axpb.inputs
def make(n: int, rng: np.random.Generator) -> dict[str, Any]:
    return {"x": rng.uniform(-1.0, 1.0, n)}


@axpb.impl("numpy", reference=True)
def numpy_axpb(x: Any) -> Any:
    return A * x + B


@axpb.impl("cupy", label="cupy")
def cupy_axpb(x: Any) -> Any:
    return A * x + B


@functools.cache
def _kernel() -> Any:
    from numba import cuda

    @cuda.jit
    def kernel(x: Any, out: Any, a: float, b: float) -> None:
        i = cuda.grid(1)
        if i < x.size:
            out[i] = a * x[i] + b

    return kernel


#: Threads per block of the Numba kernel.
THREADS = 256


@axpb.impl("numba", label="numba.cuda kernel", devices=("cuda",))
def numba_cuda_axpb(x: Any) -> Any:
    """The launcher: on ``cuda`` the numba backend passes device arrays and runs this as written
    (compiled once per dtype on the first call); the sync after each call waits for the kernel."""
    from numba import cuda

    out = cuda.device_array_like(x)
    blocks = (x.size + THREADS - 1) // THREADS
    _kernel()[blocks, THREADS](x, out, np.float32(A), np.float32(B))
    return out
