# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""GPU timing done right: synchronize before reading the clock."""

import time

import torch

x = torch.randn(4096, 4096, device="cuda")
torch.cuda.synchronize()
t0 = time.perf_counter()
y = x @ x
torch.cuda.synchronize()
t1 = time.perf_counter()
print(t1 - t0)
