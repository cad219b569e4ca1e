# ruff: noqa
"""Smoke-plume forecast for a set of wildfire lookouts: for each lookout's fire scenario a smoke
concentration field is advected by the wind, diffused with a small stencil and thinned by
deposition over the terrain, and the lookouts report when smoke over their site passes the
visibility limit."""
from dataclasses import dataclass, field

import numpy as np
import torch
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"
N = 128


def terrain_deposition(n, seed=5):
    rng = np.random.default_rng(seed)
    ridge = np.cumsum(rng.standard_normal((n, n)), axis=0) / np.sqrt(n)
    return np.exp(-0.004 * (1.0 + 0.3 * np.tanh(ridge)))


@dataclass
class PlumeConfig:
    steps: int = 400
    wind: tuple = (1, 2)
    emission: float = 0.8
    visibility_limit: float = 0.05
    retention: torch.Tensor = field(default_factory=lambda: torch.tensor(terrain_deposition(N), dtype=torch.float32))


class PlumeModel:
    def __init__(self, cfg, sources):
        self.cfg = cfg
        self.sources = sources.to(device)
        k = torch.tensor([[1, 4, 6, 4, 1]], dtype=torch.float32)
        self.kernel = ((k.T @ k) / 256.0).reshape(1, 1, 5, 5).to(device)
        self.retention = cfg.retention.to(device)

    def step(self, conc):
        conc = torch.roll(conc, shifts=self.cfg.wind, dims=(2, 3))
        conc = F.conv2d(conc, self.kernel.to(conc.dtype), padding=2)
        return conc * self.retention + self.cfg.emission * self.sources

    def forecast(self, sites, on_alarm):
        conc = torch.zeros_like(self.sources)
        for t in range(self.cfg.steps):
            conc = self.step(conc)
            if t % 50 == 49:
                on_alarm(t, conc[:, 0, sites[:, 0], sites[:, 1]].clone())
        return conc


def scenario_sources(n_lookouts, gen):
    src = torch.zeros(n_lookouts, 1, N, N)
    pos = torch.randint(10, N - 10, (n_lookouts, 2), generator=gen)
    for i, (y, x) in enumerate(pos.tolist()):
        src[i, 0, y - 1 : y + 2, x - 1 : x + 2] = 1.0
    return src


gen = torch.Generator().manual_seed(77)
cfg = PlumeConfig()
sources = scenario_sources(6, gen)
sites = torch.randint(0, N, (6, 2), generator=gen)
model = PlumeModel(cfg, sources)
alarms = []
final = model.forecast(sites, lambda t, smoke: alarms.append((t, (smoke > cfg.visibility_limit).sum().item())))
print("alarms per check:", [a for _, a in alarms])
print(f"mean smoke {final.mean().item():.6f}, max {final.max().item():.4f}")
print(f"result: {final.float().sum().item() + sum(a for _, a in alarms):.10e}")
