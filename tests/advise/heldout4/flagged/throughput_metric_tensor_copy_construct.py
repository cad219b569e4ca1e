# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Throughput metric that records examples-per-second for a sliding window, re-wrapping an existing tensor with torch.tensor."""

# Source: https://github.com/meta-pytorch/torchrec/pull/2212 (PR "fix tensor clone warning in throughput metrics": torch.tensor(tensor) warns; use clone().detach())

import time

import torch


class ThroughputMetric:
    def __init__(self, batch_size: int, window: int = 100):
        self.batch_size = batch_size
        self.window = window
        self.steps = torch.zeros(window, dtype=torch.double)
        self.idx = 0
        self.last = time.monotonic()

    def update(self):
        now = time.monotonic()
        self.steps[self.idx % self.window] = now - self.last
        self.last, self.idx = now, self.idx + 1

    def compute(self) -> dict:
        window_time = torch.tensor(self.steps)  # expect: AB203
        seconds = window_time[: min(self.idx, self.window)].sum()
        return {"throughput": self.batch_size * min(self.idx, self.window) / max(float(seconds), 1e-9)}
