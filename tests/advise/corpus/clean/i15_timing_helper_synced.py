# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A benchmark helper that waits for the GPU before each clock read."""

import time

import torch


def bench(fn, *args, repeat=20):
    fn(*args)
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(repeat):
        fn(*args)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / repeat


a = torch.randn(2048, 2048, device="cuda")
print(bench(torch.matmul, a, a))
