# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Timing a 2-D FFT on the GPU at several sizes with perf_counter and no synchronisation."""

# Source: https://logicflowlearn.com/en/courses/gpu-ai-inference/lessons/lesson-07 ("The GPU runs
# asynchronously, so time.time() captures only the launch, not the compute").

import time

import torch

results = {}
for n in (256, 512, 1024, 2048, 4096):
    x = torch.randn(n, n, device="cuda", dtype=torch.complex64)
    torch.fft.fft2(x)  # warm-up
    t0 = time.perf_counter()
    y = torch.fft.fft2(x)
    results[n] = time.perf_counter() - t0  # expect: AB301
for n, t in results.items():
    print(f"{n:5d}: {t * 1e3:8.3f} ms")
