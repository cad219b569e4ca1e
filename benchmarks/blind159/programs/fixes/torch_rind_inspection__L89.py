# ruff: noqa
"""Affineur's rind inspection: a small network grades rind defects (blue mould, cracks, mites,
slip-skin) from each wheel's 48 rind-camera colour and texture statistics. It is trained on last
season's labelled wheels, then the week's wheels are inspected shelf by shelf and each shelf's
defect counts are logged. Prints the defect totals and a checksum of the probabilities."""

from dataclasses import dataclass

import torch
from torch import nn

DEFECTS = ("blue_mould", "crack", "mites", "slip_skin")


@dataclass
class InspectionConfig:
    n_features: int = 48
    hidden: int = 64
    epochs: int = 25
    lr: float = 3e-3
    shelves: int = 30
    wheels_per_shelf: int = 1500
    threshold: float = 0.5


class RindNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(cfg.n_features, cfg.hidden),
            nn.ReLU(),
            nn.Linear(cfg.hidden, cfg.hidden),
            nn.ReLU(),
            nn.Linear(cfg.hidden, len(DEFECTS)),
        )

    def forward(self, x):
        return torch.sigmoid(self.body(x))


class Inspector:
    def __init__(self, net, cfg):
        self.net = net
        self.cfg = cfg

    @torch.no_grad()
    def probabilities(self, shelf_feats):
        return torch.stack(tuple(self.net(wheel) for wheel in shelf_feats))

    def inspect_shelf(self, shelf_feats):
        probs = self.probabilities(shelf_feats)
        flagged = probs > self.cfg.threshold
        return probs, flagged.sum(dim=0)


def synthetic_wheels(gen, n, cfg, mix):
    x = torch.randn(n, cfg.n_features, generator=gen)
    logits = x @ mix
    return x, (logits > 0.8).float()


def train(net, x, y, cfg):
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    loss_fn = nn.BCELoss()
    for epoch in range(cfg.epochs):
        opt.zero_grad()
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
    return loss.detach()


def main():
    torch.manual_seed(0)
    cfg = InspectionConfig()
    gen = torch.Generator().manual_seed(3)
    mix = torch.randn(cfg.n_features, len(DEFECTS), generator=gen) * 0.4
    net = RindNet(cfg)
    train_x, train_y = synthetic_wheels(gen, 2000, cfg, mix)
    final_loss = train(net, train_x, train_y, cfg)
    net.eval()
    inspector = Inspector(net, cfg)
    totals = torch.zeros(len(DEFECTS), dtype=torch.int64)
    shelf_sums = []
    for shelf in range(cfg.shelves):
        feats, _ = synthetic_wheels(gen, cfg.wheels_per_shelf, cfg, mix)
        probs, counts = inspector.inspect_shelf(feats)
        totals += counts
        shelf_sums.append(probs.sum())
    checksum = sum(torch.stack(shelf_sums).tolist())
    print(dict(zip(DEFECTS, totals.tolist())), f"loss {final_loss.item():.4f}")
    print(f"result: {checksum:.6f}")


if __name__ == "__main__":
    main()
