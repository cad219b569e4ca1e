# ruff: noqa
"""Downy mildew screening for a hop farm: per-plant features from drone multispectral passes
(band reflectances and vegetation indices) train a small classifier on scouted plants, which
then scores every plant in the yard; prints the infection map summary per yard block."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 4
    batch: int = 256
    lr: float = 3e-3
    hidden: int = 96


class MildewNet(nn.Module):
    def __init__(self, n_feat, hidden):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_feat, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.head(self.body(x)).squeeze(-1)


def drone_features(n, n_bands, gen):
    bands = torch.rand(n, n_bands, generator=gen)
    nir, red, green = bands[:, -1], bands[:, 0], bands[:, 1]
    ndvi = (nir - red) / (nir + red + 1e-6)
    gndvi = (nir - green) / (nir + green + 1e-6)
    feats = torch.cat([bands, ndvi[:, None], gndvi[:, None], (bands**2)], 1)
    w = torch.randn(feats.shape[1], generator=gen)
    logit = feats @ w - 0.5 + 0.3 * torch.randn(n, generator=gen)
    return feats, (logit > 0).float()


def train(model, x, y, cfg, gen):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    lossf = nn.BCEWithLogitsLoss()
    for epoch in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen)
        total = torch.zeros(())
        for i in range(0, len(x), cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = lossf(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach() * len(idx)
        print(f"epoch {epoch}: loss {total.item() / len(x):.4f}")


def make_scorer(model):
    @torch.no_grad()
    def score(plant):
        return torch.sigmoid(model(plant.unsqueeze(0)))[0]
    return score


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
cfg = TrainConfig()
scouted_x, scouted_y = drone_features(12000, 30, gen)
model = MildewNet(scouted_x.shape[1], cfg.hidden).to(device)
train(model, scouted_x.to(device), scouted_y.to(device), cfg, gen)

yard_x, _ = drone_features(24000, 30, gen)
yard_x = yard_x.to(device)
with torch.no_grad():
    probs = torch.sigmoid(model(yard_x))
blocks = probs.reshape(40, -1)
for b in range(0, 40, 8):
    print(f"block {b:2d}: {float((blocks[b] > 0.5).float().mean()):.3f} flagged")
print(f"result: {float(probs.sum()) + float(blocks.max(1).values.sum()):.10e}")
