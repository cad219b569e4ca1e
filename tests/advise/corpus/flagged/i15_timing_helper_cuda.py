# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A little benchmark helper used on CUDA tensors: it never waits for the GPU."""

import time

import torch


def bench(fn, *args, repeat=20):
    fn(*args)
    start = time.perf_counter()
    for _ in range(repeat):
        fn(*args)
    return (time.perf_counter() - start) / repeat  # expect: AB301


a = torch.randn(2048, 2048, device="cuda")
b = torch.randn(2048, 2048, device="cuda")
print("matmul", bench(torch.matmul, a, b))
print("add", bench(torch.add, a, b))
