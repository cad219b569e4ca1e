# ruff: noqa
"""Alerting on fleet telemetry: every minute each host reports a load metric, a scorer built
once from the per-host thresholds and weights turns the readings into severities, and the
number of hosts above each alert level is counted. Prints the alert counts and a checksum."""

import torch


def make_scorer(thresholds, weights):
    """Severity of every host: its weighted excess over its own threshold."""

    def severity(readings):
        out = torch.zeros_like(readings)
        for i in range(readings.shape[0]):
            excess = readings[i] - thresholds[i]
            out[i] = weights[i] * torch.clamp(excess, min=0.0)
        return out

    return severity


gen = torch.Generator().manual_seed(13)
n_hosts, n_minutes = 300, 1200
baseline = 0.5 + 0.2 * torch.rand(n_hosts, generator=gen)
thresholds = baseline + 0.25
weights = 1.0 + torch.rand(n_hosts, generator=gen)
score = make_scorer(thresholds, weights)
levels = torch.tensor([0.02, 0.1, 0.3])
counts = torch.zeros(3, dtype=torch.long)
total = torch.zeros(())
load = baseline.clone()
for minute in range(n_minutes):
    # slow drift plus bursts
    load = 0.95 * load + 0.05 * baseline + 0.08 * torch.randn(n_hosts, generator=gen)
    sev = score(load)
    for k, cut in enumerate(levels):
        counts[k] += (sev > cut).sum()
    total += sev.sum()
print(f"alerts per level: {counts.tolist()}")
print(f"result: {float(total) + float(counts.sum()):.8e}")
