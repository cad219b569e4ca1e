# ruff: noqa
"""Drag surrogate for a kayak design group: a table of hull candidates (synthetic towing-tank
style records: waterline length, beam, draft, prismatic coefficient, speed...) is mapped to
nondimensional hull features, a small MLP is fitted to predict the residuary resistance
coefficient, and the fitted model ranks a batch of new candidate hulls at cruising speed."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class TrainConfig:
    epochs: int = 4
    batch: int = 4096
    n_train: int = 40_000
    lr: float = 0.05
    width: int = 48


class HullFeatures:
    """Fixed linear map from raw hull measurements to the nondimensional groups used by the
    resistance model (a log-space Froude / slenderness basis)."""

    def __init__(self, n_raw, n_feat, gen):
        self.basis = torch.randn(n_feat, n_raw, generator=gen) / n_raw**0.5

    @staticmethod
    def project(basis, raw):
        return torch.stack(list(map(lambda row: torch.mv(basis, row), raw)))

    def __call__(self, raw):
        logs = torch.log(raw)
        return torch.tanh(self.project(self.basis, logs))


def synth_tank(n, gen):
    lwl = 4.0 + 2.0 * torch.rand(n, generator=gen)
    beam = 0.45 + 0.2 * torch.rand(n, generator=gen)
    draft = 0.10 + 0.08 * torch.rand(n, generator=gen)
    cp = 0.50 + 0.12 * torch.rand(n, generator=gen)
    speed = 1.0 + 2.5 * torch.rand(n, generator=gen)
    disp = lwl * beam * draft * cp * 0.7
    froude = speed / (9.81 * lwl) ** 0.5
    raw = torch.stack([lwl, beam, draft, cp, speed, disp, lwl / beam, beam / draft], 1)
    cr = 1e-3 * (1.0 + 40.0 * froude**4 * (beam / lwl) * (1.5 - cp)) + 2e-5 * torch.randn(n, generator=gen)
    return raw, cr


class Momentum:
    """Plain heavy-ball SGD, kept in-house so the fit matches the group's older MATLAB scripts."""

    def __init__(self, params, lr, beta=0.9):
        self.params = list(params)
        self.lr, self.beta = lr, beta
        self.bufs = [torch.zeros_like(p) for p in self.params]

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    @torch.no_grad()
    def step(self):
        for p, b in zip(self.params, self.bufs):
            b.mul_(self.beta).add_(p.grad)
            p.sub_(self.lr * b)


def fit(model, x, y, cfg, gen):
    opt = Momentum(model.parameters(), lr=cfg.lr)
    n = x.shape[0]
    for epoch in range(cfg.epochs):
        perm = torch.randperm(n, generator=gen)
        total = torch.zeros(())
        for i in range(0, n, cfg.batch):
            idx = perm[i : i + cfg.batch]
            loss = ((model(x[idx]).squeeze(1) - y[idx]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach() * idx.numel()
        epoch_mse = total / n
        if epoch % 2 == 1:
            print(f"epoch {epoch + 1:2d}: mse {float(epoch_mse):.3e}")
    return float(epoch_mse)


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(5)
    cfg = TrainConfig()
    raw, cr = synth_tank(200_000, gen)
    features = HullFeatures(raw.shape[1], 16, gen)
    x = features(raw).to(device)
    y = (cr * 1e3).to(device)
    model = nn.Sequential(nn.Linear(16, cfg.width), nn.SiLU(), nn.Linear(cfg.width, cfg.width), nn.SiLU(), nn.Linear(cfg.width, 1)).to(device)
    mse = fit(model, x[: cfg.n_train], y[: cfg.n_train], cfg, gen)
    with torch.no_grad():
        val = float(((model(x[cfg.n_train :]).squeeze(1) - y[cfg.n_train :]) ** 2).mean())
    print(f"validation mse {val:.3e} on {x.shape[0] - cfg.n_train} held-out records")
    cand_raw, _ = synth_tank(2000, gen)
    with torch.no_grad():
        pred = model(features(cand_raw).to(device)).squeeze(1).cpu()
    best = torch.argsort(pred)[:5]
    for i in best.tolist():
        print(f"candidate {i:4d}: L={cand_raw[i, 0]:.2f} m B={cand_raw[i, 1]:.2f} m Cp={cand_raw[i, 3]:.3f} -> Cr {pred[i]:.4f}e-3")
    print(f"result: {float(pred.mean()) + mse + val:.10e}")


if __name__ == "__main__":
    main()
