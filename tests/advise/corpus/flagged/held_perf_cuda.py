# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_perf_cuda): written after the rules, scored before any change to them."""

import time
import torch

dev = torch.device("cuda")
a = torch.rand(8192, 8192, device=dev)
for trial in range(5):
    t = time.perf_counter()
    b = torch.relu(a @ a)
    dt = time.perf_counter() - t  # expect: AB301
    print(trial, dt)
