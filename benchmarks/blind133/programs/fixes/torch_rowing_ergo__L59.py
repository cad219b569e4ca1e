# ruff: noqa
"""Ergometer power model for a rowing squad: a small MLP learns each stroke's power output from
stroke features (drive length, drive time, peak force, handle speed, rate) on synthetic erg
sessions, then scores every stroke of the squad's test pieces and reports each rower's mean
predicted watts and how far it is from the measured watts."""
from dataclasses import dataclass

import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 5
    batch: int = 256
    lr: float = 3e-3
    n_train: int = 5000


class PowerNet(nn.Module):
    def __init__(self, n_in=5, hidden=48):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(),
                                  nn.Linear(hidden, hidden), nn.Tanh(),
                                  nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


def synth_strokes(n, gen):
    feats = torch.rand(n, 5, generator=gen)
    watts = 180 + 220 * feats[:, 2] * feats[:, 3] + 40 * feats[:, 0] - 30 * feats[:, 1] \
        + 15 * torch.sin(6 * feats[:, 4]) + 5 * torch.randn(n, generator=gen)
    return feats, watts / 100.0


class Trainer:
    def __init__(self, cfg: TrainConfig, gen):
        self.cfg = cfg
        self.gen = gen
        self.net = PowerNet().to(device)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=cfg.lr)
        self.log = []

    def fit(self, x, y):
        for epoch in range(self.cfg.epochs):
            perm = torch.randperm(x.shape[0], generator=self.gen)
            total = torch.zeros((), device=device)
            for s in range(0, x.shape[0], self.cfg.batch):
                idx = perm[s:s + self.cfg.batch]
                loss = nn.functional.mse_loss(self.net(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach() * idx.shape[0]
            self.log.append(total / x.shape[0])
        self.log = torch.stack(self.log).tolist()

    @torch.no_grad()
    def score(self, strokes):
        return torch.stack(list(map(self.net, strokes)))


torch.manual_seed(3)
gen = torch.Generator().manual_seed(3)
cfg = TrainConfig()
x, y = synth_strokes(cfg.n_train, gen)
trainer = Trainer(cfg, gen)
trainer.fit(x.to(device), y.to(device))
rowers = ["bow", "two", "three", "four", "five", "six", "seven", "stroke"]
report = {}
checksum = 0.0
for k, rower in enumerate(rowers):
    feats, watts = synth_strokes(2500, gen)
    pred = trainer.score(feats.to(device)).cpu()
    report[rower] = (100 * pred.mean().item(), 100 * (pred - watts).abs().mean().item())
    checksum += float(pred.double().sum())
for rower, (w, err) in report.items():
    print(f"{rower:>6}: {w:6.1f} W predicted, mean error {err:5.1f} W")
print(f"final loss {trainer.log[-1]:.4f}")
print(f"result: {checksum:.10e}")
