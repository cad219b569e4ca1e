# ruff: noqa
"""Alpha-acid forecast for a hop farm: each bine's weather and trellis sensor readings are
projected onto agronomic features (growing degree days, leaf wetness, vigour), a small network
is trained on past harvests, and the forecast per hop variety is printed."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
VARIETIES = ["cascade", "saaz", "hallertau", "fuggle", "centennial"]


@dataclass
class SensorConfig:
    n_raw: int = 24
    n_feat: int = 12
    seed: int = 3


class FeatureProjector:
    def __init__(self, cfg):
        g = torch.Generator().manual_seed(cfg.seed)
        self.weights = torch.randn(cfg.n_feat, cfg.n_raw, generator=g) / cfg.n_raw**0.5
        self.bias = torch.linspace(-0.5, 0.5, cfg.n_feat)

    def project(self, raw):
        return torch.tanh(raw @ self.weights.T + self.bias)


class YieldNet(nn.Module):
    def __init__(self, n_feat):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_feat, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def make_field(n, cfg, gen):
    raw = torch.randn(n, cfg.n_raw, generator=gen)
    alpha = 4.0 + raw[:, :6].sum(1) * 0.3 + torch.randn(n, generator=gen) * 0.2
    return raw, alpha


torch.manual_seed(0)
cfg = SensorConfig()
gen = torch.Generator().manual_seed(42)
proj = FeatureProjector(cfg)
fields = [make_field(80000, cfg, gen) for _ in VARIETIES]
feats = [(proj.project(raw).to(device), alpha.to(device)) for raw, alpha in fields]
model = YieldNet(cfg.n_feat).to(device)
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
log = []
for epoch in range(3):
    for x, y in feats:
        for i in range(0, len(x), 8000):
            loss = ((model(x[i : i + 8000]) - y[i : i + 8000]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
    log.append(loss.item())
with torch.no_grad():
    forecast = [float(model(x).mean()) for x, _ in feats]
for name, f in zip(VARIETIES, forecast):
    print(f"{name:>11}: {f:.3f} % alpha acid")
print(f"result: {sum(forecast) + sum(log):.10e}")
