# ruff: noqa
"""Autoregressive load forecast for a distribution grid's feeders: a GRU-cell forecaster (with
random weights standing in for a trained one) is rolled forward hour by hour from the last
observed loads, with temperature as exogenous input; hooks record the hourly forecast and the
daily peaks for the planning report."""
import math

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class Forecaster(nn.Module):
    def __init__(self, hidden=48):
        super().__init__()
        self.cell = nn.GRUCell(2, hidden)
        self.head = nn.Linear(hidden, 1)

    def forward(self, load, temp, h):
        h = self.cell(torch.stack([load, temp], dim=1), h)
        return load + 0.05 * torch.tanh(self.head(h)).squeeze(1), h


class TraceRecorder:
    def __init__(self, n_feeders):
        self.rows = []

    def __call__(self, hour, load):
        self.rows.append(load)

    @property
    def trace(self):
        return torch.stack(self.rows)


class DailyPeak:
    def __init__(self, n_feeders):
        self.peaks = torch.empty(0, n_feeders, device=device)
        self.running = torch.zeros(n_feeders, device=device)

    def __call__(self, hour, load):
        self.running = torch.maximum(self.running, load)
        if hour % 24 == 23:
            self.peaks = torch.cat([self.peaks, self.running[None]])
            self.running = torch.zeros_like(self.running)


def temperature(hour, n, phase):
    return torch.sin(2 * math.pi * (hour % 24) / 24 + phase) + 0.3 * math.sin(2 * math.pi * hour / 8760)


@torch.no_grad()
def rollout(model, load0, hours, hooks):
    n = load0.shape[0]
    h = torch.zeros(n, model.cell.hidden_size, device=device)
    phase = torch.linspace(0, 1, n, device=device)
    load = load0
    for hour in range(hours):
        load, h = model(load, temperature(hour, n, phase), h)
        for hook in hooks:
            hook(hour, load)
    return load


torch.manual_seed(4)
n_feeders = 600
model = Forecaster().to(device)
recorder, peaks = TraceRecorder(n_feeders), DailyPeak(n_feeders)
final = rollout(model, torch.rand(n_feeders, device=device), 2000, [recorder, peaks])
print(f"trace {tuple(recorder.trace.shape)}, days {peaks.peaks.shape[0]}")
print(f"result: {float(recorder.trace.mean()) + float(peaks.peaks.mean()) + float(final.sum()):.10e}")
