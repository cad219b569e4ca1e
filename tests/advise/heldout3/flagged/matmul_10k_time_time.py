# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Measures how long a 10000x10000 matrix product takes on the GPU with time.time."""

# Source: https://runebook.dev/ru/docs/pytorch/generated/torch.cuda.synchronize (timing GPU work with
# time.time() without synchronization measures only how long it took to queue the command).

import time

import torch

x = torch.randn(10000, 10000).cuda()
y = torch.randn(10000, 10000).cuda()

start = time.time()
res = torch.matmul(x, y)
elapsed = time.time() - start  # expect: AB301
print(f"matmul took {elapsed:.4f} s")
