# ruff: noqa
"""Neural surrogate of a spillway's discharge for a dam operator: a small MLP is trained on
synthetic rating-curve data (head, gate opening, tailwater, debris index -> discharge), then
validated gauge by gauge through an evaluation callback, and the per-gauge errors are printed."""
import functools
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 3
    batch: int = 1024
    lr: float = 3e-3
    width: int = 64


class Surrogate(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(),
                                 nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def rating_curve(x):
    head, opening, tail, debris = x.unbind(-1)
    submergence = torch.clamp(1.0 - 0.6 * tail / (head + 1e-3), min=0.2)
    return 2.1 * opening * head.clamp(min=0.0) ** 1.5 * submergence * (1.0 - 0.3 * debris)


def make_data(n, gen):
    x = torch.rand(n, 4, generator=gen)
    x[:, 0] = 3.0 * x[:, 0]
    return x, rating_curve(x)


def gauge_error(model, xs, ys):
    with torch.no_grad():
        preds = model(xs)
    return (preds - ys).abs().mean()


def train(model, cfg, x, y, on_epoch):
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        perm = torch.randperm(x.shape[0])
        for i in range(0, x.shape[0], cfg.batch):
            idx = perm[i:i + cfg.batch]
            loss = nn.functional.mse_loss(model(x[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        weights = torch.tensor([0.2, 0.3, 0.5])
        on_epoch(epoch, float(loss.detach()), weights)


def main():
    torch.manual_seed(3)
    gen = torch.Generator().manual_seed(3)
    cfg = TrainConfig()
    x, y = make_data(20_000, gen)
    model = Surrogate(cfg.width).to(device)
    history = []
    train(model, cfg, x.to(device), y.to(device), lambda e, l, w: history.append(l * float(w.sum())))
    gauges = [make_data(3000, gen) for _ in range(4)]
    evaluate = functools.partial(gauge_error, model)
    errors = [float(evaluate(gx.to(device), gy.to(device))) for gx, gy in gauges]
    for k, err in enumerate(errors):
        print(f"gauge {k}: mean abs error {err:.4f} m3/s")
    print(f"result: {sum(errors) + history[-1]:.10e}")


if __name__ == "__main__":
    main()
