# ruff: noqa
"""Fry-grading station for a trout hatchery: a small classifier, trained on labelled
measurements (length, girth, colour and fin scores from the camera rig), sorts each tank's
fry into four grades (cull, small, standard, broodstock) as they pass the camera; the station
reports the grade counts per tank. Prints the broodstock fraction and a checksum."""
from dataclasses import dataclass

import torch
from torch import nn

GRADES = ("cull", "small", "standard", "broodstock")


@dataclass
class StationConfig:
    features: int = 24
    hidden: int = 64
    train_fish: int = 4000
    epochs: int = 4
    tanks: int = 10
    fish_per_tank: int = 5000
    seed: int = 31


def camera_measurements(n, cfg, gen):
    size = torch.randn(n, 1, generator=gen)
    feats = size * torch.linspace(0.5, 1.5, cfg.features) + 0.6 * torch.randn(n, cfg.features, generator=gen)
    grade = torch.bucketize(size.squeeze(1), torch.tensor([-1.0, 0.0, 1.2]))
    return feats, grade


class GradeClassifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(cfg.features, cfg.hidden), nn.ReLU(), nn.Linear(cfg.hidden, cfg.hidden), nn.ReLU()
        )
        self.head = nn.Linear(cfg.hidden, len(GRADES))

    def forward(self, x):
        return self.head(self.body(x))


class SortingStation:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def grade_tank(self, fry):
        logits = torch.stack([self.model(fish) for fish in fry])
        return logits.argmax(dim=1)


def train(model, cfg, gen):
    x, y = camera_measurements(cfg.train_fish, cfg, gen)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(cfg.epochs):
        perm = torch.randperm(cfg.train_fish, generator=gen)
        for start in range(0, cfg.train_fish, 500):
            idx = perm[start : start + 500]
            loss = nn.functional.cross_entropy(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


cfg = StationConfig()
torch.manual_seed(cfg.seed)
gen = torch.Generator().manual_seed(cfg.seed)
model = train(GradeClassifier(cfg), cfg, gen).eval()
station = SortingStation(model)
counts = torch.zeros(len(GRADES))
accuracy = 0.0
for tank in range(cfg.tanks):
    fry, truth = camera_measurements(cfg.fish_per_tank, cfg, gen)
    grades = station.grade_tank(fry)
    counts += torch.bincount(grades, minlength=len(GRADES)).float()
    accuracy += (grades == truth).float().mean()
accuracy = accuracy.item()
print(f"broodstock fraction: {counts[3].item() / counts.sum().item():.4f}, accuracy {accuracy / cfg.tanks:.4f}")
print(f"result: {float((counts * torch.arange(1, 5)).sum()) + accuracy:.6f}")
