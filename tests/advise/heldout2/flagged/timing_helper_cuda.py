# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A small timing helper used to compare two CUDA implementations, reading the clock unsynced."""

# Source: https://www.speechmatics.com/company/articles-and-news/timing-operations-in-pytorch
# ("A naive approach may end up timing the kernel launch instead of kernel execution ... call
# torch.cuda.synchronize() before taking a timing measurement").

import time

import torch


def timed(fn, *args, repeats: int = 10):
    fn(*args)  # warm-up
    start = time.perf_counter()
    for _ in range(repeats):
        out = fn(*args)
    elapsed = (time.perf_counter() - start) / repeats  # expect: AB301
    return out, elapsed


device = torch.device("cuda")
a = torch.randn(4096, 4096, device=device)
b = torch.randn(4096, 4096, device=device)
_, t_mm = timed(torch.matmul, a, b)
_, t_ein = timed(lambda x, y: torch.einsum("ik,kj->ij", x, y), a, b)
print(f"matmul {t_mm * 1e3:.2f} ms, einsum {t_ein * 1e3:.2f} ms")
