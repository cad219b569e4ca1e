# ruff: noqa
"""Fleece grading for a wool classing table: a small network is fitted on classed fleeces
(fibre diameter, staple length, strength, vegetable matter, colour), then the season's fleeces
are graded one bale line at a time and binned into wool lines. Prints the line counts."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
LINES = ["AAA-SUP", "AAA", "AA", "A", "BBB", "PCS"]


@dataclass
class ClassingConfig:
    n_train: int = 4000
    n_season: int = 24000
    hidden: int = 48
    epochs: int = 12
    lr: float = 0.02


class GradeNet(nn.Module):
    def __init__(self, n_in, hidden, n_out):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden),
                                  nn.ReLU(), nn.Linear(hidden, n_out))

    def forward(self, x):
        return self.body(x)


def synth_fleeces(n, gen):
    micron = 17 + 6 * torch.rand(n, generator=gen)
    staple = 60 + 40 * torch.rand(n, generator=gen)
    strength = 25 + 20 * torch.rand(n, generator=gen)
    vm = 3 * torch.rand(n, generator=gen)
    colour = torch.rand(n, generator=gen)
    x = torch.stack([micron, staple, strength, vm, colour], 1)
    score = -0.6 * (micron - 17) + 0.03 * (staple - 60) + 0.05 * (strength - 25) - 0.8 * vm - colour
    y = torch.bucketize(-score, torch.tensor([-0.5, 0.5, 1.5, 2.5, 3.5]))
    return x, y


def standardise(x, mean, std):
    return (x - mean) / std


def fit(model, x, y, cfg, on_epoch):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        on_epoch(epoch, loss.item())


def grade_one(model, mean, std, fleece):
    with torch.no_grad():
        logits = model(standardise(fleece, mean, std).unsqueeze(0))
    return logits.squeeze(0)


def grade_season(model, fleeces, mean, std):
    grade = functools.partial(grade_one, model, mean, std)
    logits = model(standardise(fleeces.to(device), mean, std)).detach()
    return logits


torch.manual_seed(3)
gen = torch.Generator().manual_seed(3)
cfg = ClassingConfig()
x_tr, y_tr = synth_fleeces(cfg.n_train, gen)
mean, std = x_tr.mean(0), x_tr.std(0)
model = GradeNet(5, cfg.hidden, len(LINES)).to(device)
log = []
fit(model, standardise(x_tr, mean, std).to(device), y_tr.to(device), cfg,
    lambda e, l: log.append((e, l)))
x_season, _ = synth_fleeces(cfg.n_season, gen)
logits = grade_season(model, x_season, mean.to(device), std.to(device))
lines = logits.argmax(1).cpu()
counts = torch.bincount(lines, minlength=len(LINES))
for name, c in zip(LINES, counts.tolist()):
    print(f"{name:>8}: {c} fleeces")
print(f"final training loss {log[-1][1]:.4f}")
print(f"result: {float(logits.float().abs().mean()) + float(counts @ torch.arange(len(LINES))):.10e}")
