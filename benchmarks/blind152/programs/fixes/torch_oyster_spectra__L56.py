# ruff: noqa
"""Phytoplankton watch for an oyster hatchery's intake water. Hyperspectral absorbance spectra
of water samples are unmixed into pigment abundances against a library of pigment endmember
spectra; a small regression model is then trained to predict the lab-measured chlorophyll-a of
each sample from its pigment abundances, and its error on held-out samples is reported."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class SurveyConfig:
    n_bands: int = 32
    n_pigments: int = 16
    n_batches: int = 200
    batch_size: int = 2048
    epochs: int = 8
    lr: float = 0.05


class PigmentUnmixer:
    def __init__(self, endmembers):
        self.unmix = torch.linalg.pinv(endmembers)

    def transform(self, batch):
        rows = list(map(lambda spectrum: torch.mv(self.unmix, spectrum), batch))
        return torch.stack(rows)


def sample_batches(cfg, endmembers, gen):
    true_w = torch.linspace(0.2, 1.4, cfg.n_pigments)
    for _ in range(cfg.n_batches):
        abund = torch.rand(cfg.batch_size, cfg.n_pigments, generator=gen) ** 2
        noise = 0.01 * torch.randn(cfg.batch_size, cfg.n_bands, generator=gen)
        spectra = abund @ endmembers.T + noise
        chl = abund @ true_w + 0.05 * torch.randn(cfg.batch_size, generator=gen)
        yield spectra.to(device), chl.to(device)


def train(model, feats, target, cfg):
    opt = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    history = []
    n = feats.shape[0]
    for epoch in range(cfg.epochs):
        running = torch.zeros((), device=feats.device)
        for start in range(0, n, 4096):
            xb, yb = feats[start:start + 4096], target[start:start + 4096]
            loss = ((model(xb).squeeze(1) - yb) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            running += loss.detach()
        history.append(running / ((n + 4095) // 4096))
    return [h.item() for h in history]


cfg = SurveyConfig()
gen = torch.Generator().manual_seed(5)
wl = torch.linspace(0.0, 1.0, cfg.n_bands)
centers = torch.linspace(0.05, 0.95, cfg.n_pigments)
endmembers = torch.exp(-((wl[:, None] - centers[None, :]) ** 2) / 0.004) + 0.02
unmixer = PigmentUnmixer(endmembers.to(device))
feats, target = [], []
for spectra, chl in sample_batches(cfg, endmembers, gen):
    feats.append(unmixer.transform(spectra))
    target.append(chl)
feats, target = torch.cat(feats), torch.cat(target)
n_train = int(0.8 * feats.shape[0])
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(cfg.n_pigments, 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
history = train(model, feats[:n_train], target[:n_train], cfg)
with torch.no_grad():
    test_mse = float(((model(feats[n_train:]).squeeze(1) - target[n_train:]) ** 2).mean())
print(f"epoch losses {[round(h, 4) for h in history]}")
print(f"held-out mse {test_mse:.5f}")
print(f"result: {test_mse + sum(history) + float(feats.abs().mean()):.10e}")
