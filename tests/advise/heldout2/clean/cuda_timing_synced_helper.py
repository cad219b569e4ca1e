# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""A timing helper that synchronises the GPU before reading the clock each time."""

# Source: https://www.speechmatics.com/company/articles-and-news/timing-operations-in-pytorch ("The
# common solution is to call torch.cuda.synchronize() before taking a timing measurement").

import time

import torch


def timed(fn, *args, repeats: int = 10):
    fn(*args)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(repeats):
        out = fn(*args)
    torch.cuda.synchronize()
    return out, (time.perf_counter() - start) / repeats


a = torch.randn(4096, 4096, device="cuda")
_, t = timed(torch.matmul, a, a)
print(f"matmul {t * 1e3:.2f} ms")
