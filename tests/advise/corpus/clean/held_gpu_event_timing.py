# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_gpu_event_timing): written after the rules, scored before any change to them."""

import time
import torch

x = torch.randn(2048, 2048, device="cuda")
start = time.time()
y = (x @ x).sum().item()
stop = time.time()
print(stop - start)
