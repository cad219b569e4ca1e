# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Measures per-image inference latency of a ResNet-50 over 300 repetitions with time.time()."""

# Source: https://deci.ai/blog/measure-inference-time-deep-neural-networks/ (blog: GPU execution is asynchronous; timing with time.time() without synchronisation measures only the launch)

import time

import numpy as np
import torch
import torchvision


def measure_latency(repetitions=300, device="cuda"):
    model = torchvision.models.resnet50().to(device).eval()
    dummy_input = torch.randn(1, 3, 224, 224, dtype=torch.float, device=device)
    timings = np.zeros(repetitions)
    with torch.no_grad():
        for _ in range(10):  # GPU warm-up
            _ = model(dummy_input)
        for rep in range(repetitions):
            start = time.time()
            _ = model(dummy_input)
            timings[rep] = (time.time() - start) * 1000  # expect: AB301
    print(f"mean latency {timings.mean():.2f} ms, std {timings.std():.2f} ms")
    return timings
