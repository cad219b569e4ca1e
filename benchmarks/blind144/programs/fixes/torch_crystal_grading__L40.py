# ruff: noqa
"""Grading of harvested sea-salt crystals: every crystal photographed on the sorting belt is
described by shape and colour features (hopper-face ratio, whiteness, edge sharpness, ...). A
small network, trained earlier on graded samples, scores each crystal for the three grades (fleur
de sel, coarse, industrial); the belt's batches are then binned and a grading report printed."""
from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
N_FEATURES = 32


@dataclass
class BeltBatch:
    batch_id: int
    features: torch.Tensor


class GradeNet(nn.Module):
    def __init__(self, n_in, hidden=64, n_grades=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.GELU(), nn.Linear(hidden, hidden),
                                  nn.GELU())
        self.head = nn.Linear(hidden, n_grades)

    def forward(self, x):
        return torch.softmax(self.head(self.body(x)), dim=-1)


class Grader:
    def __init__(self, model, thresholds):
        self.model = model.eval()
        self.thresholds = thresholds

    @torch.no_grad()
    def grade(self, batch):
        limits = self.thresholds
        probs = torch.stack(list(map(self.model, batch.features)))
        confident = probs.max(dim=1).values > limits[0]
        grades = probs.argmax(dim=1)
        return grades, confident, probs


def belt(rng, n_batches, per_batch):
    centres = rng.normal(size=(3, N_FEATURES)).astype(np.float32)
    for b in range(n_batches):
        kind = rng.integers(0, 3, size=per_batch)
        x = centres[kind] + rng.normal(scale=0.8, size=(per_batch, N_FEATURES)).astype(np.float32)
        yield BeltBatch(b, torch.from_numpy(x).to(device))


torch.manual_seed(11)
rng = np.random.default_rng(11)
grader = Grader(GradeNet(N_FEATURES).to(device), torch.tensor([0.36, 0.8], device=device))
counts = torch.zeros(3, dtype=torch.int64, device=device)
unsure = 0
score = 0.0
for batch in belt(rng, n_batches=12, per_batch=800):
    grades, confident, probs = grader.grade(batch)
    counts += torch.bincount(grades, minlength=3)
    unsure += int((~confident).sum())
    score += float(probs[:, 0].sum())
names = ["fleur de sel", "coarse", "industrial"]
for name, c in zip(names, counts.tolist()):
    print(f"{name:>13}: {c} crystals")
print(f"unsure: {unsure}")
print(f"result: {score + unsure:.10e}")
