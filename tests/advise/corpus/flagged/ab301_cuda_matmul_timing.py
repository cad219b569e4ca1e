# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Timing a CUDA matmul without waiting for it."""

import time

import torch

x = torch.randn(4096, 4096, device="cuda")
t0 = time.perf_counter()
y = x @ x
t1 = time.perf_counter()  # expect: AB301
print(f"matmul: {t1 - t0:.6f} s")
