# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A helper that times a forward pass on the GPU without waiting for it."""

import time

import torch


def time_forward(model, batch, n=50):
    with torch.no_grad():
        model(batch)
        t0 = time.perf_counter()
        for _ in range(n):
            model(batch)
        t1 = time.perf_counter()  # expect: AB301
    return (t1 - t0) / n


net = torch.nn.Linear(1024, 1024).cuda()
print(time_forward(net, torch.randn(256, 1024, device="cuda")))
