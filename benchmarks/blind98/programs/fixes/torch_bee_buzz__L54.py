# ruff: noqa
"""Acoustic monitoring of bumblebee buzz pollination: synthetic spectral features of short
recordings (fundamental frequency, harmonics, duration) are used to train a small MLP that tells
sonication buzzes from flight buzzes; the trained model then screens a season of field recordings
arriving in daily batches and reports the daily sonication counts."""
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEAT = 12


@dataclass
class TrainConfig:
    epochs: int = 4
    batch: int = 256
    lr: float = 3e-3


class BuzzNet(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(N_FEAT, width), nn.ReLU(), nn.Linear(width, width),
                                  nn.ReLU(), nn.Linear(width, 1))

    def forward(self, x):
        return torch.sigmoid(self.body(x)).squeeze(-1)


def synth_recordings(gen, n):
    sonication = torch.rand(n, generator=gen) < 0.4
    f0 = torch.where(sonication, 330.0, 180.0) + 40.0 * torch.randn(n, generator=gen)
    harm = torch.stack([f0 * k * (1 + 0.03 * torch.randn(n, generator=gen)) for k in range(2, 8)], 1)
    dur = torch.where(sonication, 0.6, 2.0) * torch.rand(n, generator=gen).add(0.3)
    amp = torch.randn(n, 4, generator=gen) + sonication[:, None] * 0.5
    x = torch.cat([f0[:, None] / 300, harm / 1000, dur[:, None], amp], 1)
    return x, sonication.float()


def train(model, x, y, cfg, gen):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    loss_fn = nn.BCELoss()
    for epoch in range(cfg.epochs):
        perm = torch.randperm(x.shape[0], generator=gen)
        for i in range(0, x.shape[0], cfg.batch):
            idx = perm[i:i + cfg.batch]
            opt.zero_grad()
            loss = loss_fn(model(x[idx]), y[idx])
            loss.backward()
            opt.step()
        with torch.no_grad():
            val = model(x[:512])
        acc = ((val > 0.5).float() == y[:512]).float().mean()
    return float(acc)


def screen(model, days, threshold):
    with torch.no_grad():
        for feats in days:
            probs = torch.stack(list(map(model, feats)))
            yield int((probs > threshold).sum()), float(probs.mean())


torch.manual_seed(0)
gen = torch.Generator().manual_seed(0)
x, y = synth_recordings(gen, 10000)
model = BuzzNet().to(device)
acc = train(model, x.to(device), y.to(device), TrainConfig(), gen)
print(f"train accuracy {acc:.3f}")
field_days = (synth_recordings(gen, int(n))[0].to(device)
              for n in torch.randint(200, 500, (60,), generator=gen))
counts, mean_p = zip(*screen(model, field_days, threshold=0.5))
print(f"sonications per day: {sum(counts) / len(counts):.1f} (max {max(counts)})")
print(f"result: {sum(counts) + sum(mean_p) + acc:.10e}")
