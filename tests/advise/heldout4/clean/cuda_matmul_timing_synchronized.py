# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Benchmarks a large GPU matmul, synchronising the device before reading the clock on both sides."""

# Source: https://www.codegenes.net/blog/pytorch-cuda-async-for-measuring-time (blog: CUDA ops are asynchronous, call torch.cuda.synchronize() before taking time.time())

import time

import torch


def bench_matmul(n=8192, repeats=50, dtype=torch.float16):
    x = torch.randn(n, n, device="cuda", dtype=dtype)
    y = torch.randn(n, n, device="cuda", dtype=dtype)
    for _ in range(5):
        z = x @ y
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(repeats):
        z = x @ y
    torch.cuda.synchronize()
    elapsed = time.perf_counter() - start
    tflops = 2 * n**3 * repeats / elapsed / 1e12
    print(f"{elapsed / repeats * 1e3:.2f} ms per matmul, {tflops:.1f} TFLOP/s")
    return z
