# ruff: noqa
"""Parachute-rigging loft QA: every packed reserve is described by the tension readings of its
suspension lines and the fold gauge readings of its canopy; a small scoring network (trained
elsewhere, here freshly seeded) rates each pack, and packs rated below the loft's threshold go
back to the rigger. The program inspects a day's packs in trays and prints the tray summary."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class LoftConfig:
    features: int = 48
    hidden: int = 64
    trays: int = 40
    packs_per_tray: int = 300
    threshold: float = 0.0


class PackScorer(nn.Module):
    def __init__(self, features, hidden):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(features, hidden), nn.GELU(), nn.Linear(hidden, hidden), nn.GELU()
        )
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.head(self.body(x)).squeeze(-1)


class Inspector:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.rejected = 0

    @torch.no_grad()
    def rate_tray(self, packs):
        scores = torch.cat(list(map(lambda pack: self.model(pack.unsqueeze(0)), packs)))
        self.rejected += int((scores < self.cfg.threshold).sum())
        return scores


def make_tray(gen, cfg):
    lines = torch.randn(cfg.packs_per_tray, cfg.features // 2, generator=gen).abs()
    folds = torch.randn(cfg.packs_per_tray, cfg.features // 2, generator=gen)
    return torch.cat([lines, folds], 1).to(device)


def main():
    torch.manual_seed(3)
    cfg = LoftConfig()
    gen = torch.Generator().manual_seed(17)
    model = PackScorer(cfg.features, cfg.hidden).to(device).eval()
    inspector = Inspector(model, cfg)
    tray_means = []
    for tray in range(cfg.trays):
        scores = inspector.rate_tray(make_tray(gen, cfg))
        tray_means.append(scores.mean())
    means = torch.stack(tray_means)
    for tray in range(9, cfg.trays, 10):
        print(f"tray {tray + 1:3d}: mean score {means[tray].item():+.4f}")
    print(f"packs back to the rigger: {inspector.rejected} of {cfg.trays * cfg.packs_per_tray}")
    print(f"result: {float(means.sum()) + inspector.rejected:.10e}")


if __name__ == "__main__":
    main()
