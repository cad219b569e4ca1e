# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Average forward time of a model on the GPU."""

import time

import torch


def bench(model, x, n: int = 100) -> float:
    model = model.cuda()
    x = x.cuda()
    start = time.time()
    for _ in range(n):
        model(x)
    return (time.time() - start) / n  # expect: AB301
