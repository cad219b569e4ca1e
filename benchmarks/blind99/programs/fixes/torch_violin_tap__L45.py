# ruff: noqa
"""Tap-tone grading for a violin workshop: each recorded tap of a top or back plate is turned
into a log-magnitude spectrum around the plate's signature modes, a small network trained on
the master's past grades scores the plate's tone, and the grades of every batch of plates from
the wood store are tallied per spruce supplier."""
from dataclasses import dataclass

import torch
from torch import nn

SUPPLIERS = ("Val di Fiemme", "Bosnia", "Carpathia", "Engadin")


@dataclass
class SpectrumConfig:
    n_samples: int = 512
    n_bins: int = 48
    sample_rate: float = 8000.0


class ToneNet(nn.Module):
    def __init__(self, n_in, width=96):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_in, width), nn.GELU(), nn.Linear(width, width), nn.GELU(), nn.Linear(width, 3)
        )

    def forward(self, x):
        return self.body(x)


class TapGrader:
    def __init__(self, net, cfg):
        self.net = net.eval()
        self.cfg = cfg

    def features(self, taps):
        spec = torch.fft.rfft(taps * torch.hann_window(self.cfg.n_samples), dim=1).abs()
        spec = spec[:, 4 : 4 + 4 * self.cfg.n_bins].reshape(taps.shape[0], self.cfg.n_bins, 4).mean(2)
        return torch.log1p(spec)

    @torch.no_grad()
    def grade(self, taps):
        feats = self.features(taps)
        logits = self.net(feats)
        return logits.softmax(dim=1)


def record_batch(g, n, cfg):
    t = torch.arange(cfg.n_samples) / cfg.sample_rate
    f = 150.0 + 350.0 * torch.rand(n, 3, generator=g)
    amp = torch.rand(n, 3, generator=g)
    decay = 20.0 + 40.0 * torch.rand(n, 1, generator=g)
    taps = (amp[:, :, None] * torch.sin(2 * torch.pi * f[:, :, None] * t)).sum(1) * torch.exp(-decay * t)
    return taps + 0.01 * torch.randn(n, cfg.n_samples, generator=g)


torch.manual_seed(1)
cfg = SpectrumConfig()
grader = TapGrader(ToneNet(cfg.n_bins), cfg)
g = torch.Generator().manual_seed(9)
tally = torch.zeros(len(SUPPLIERS), 3)
for batch in range(12):
    weights = torch.tensor([0.2, 0.5, 0.3])
    taps = record_batch(g, 1200, cfg)
    probs = grader.grade(taps)
    supplier = batch % len(SUPPLIERS)
    tally[supplier] += (probs * weights).sum(0)
for name, row in zip(SUPPLIERS, tally.tolist()):
    print(f"{name:>14}: " + " ".join(f"{v:8.2f}" for v in row))
print(f"result: {float(tally.double().sum() + (tally.double() ** 2).sum()):.10e}")
