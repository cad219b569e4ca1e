# ruff: noqa
"""Pipe scaling fit for an organ builder's workshop: from measured pipes of historical
instruments (diameter, mouth width, cut-up, wind pressure, temperature per pipe) a small
regression learns the speaking frequency's offset from the nominal pitch, so new ranks can be
scaled before they are made. The end correction of each pipe's features follows the classic
0.6-radius rule, tabulated per feature."""
from dataclasses import dataclass

import numpy as np
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
N_PIPES = 40_000
N_FEAT = 24


@dataclass
class FitConfig:
    epochs: int = 24
    steps_per_epoch: int = 6
    lr: float = 0.05
    ridge: float = 1e-3


def measured_pipes(rng):
    x = rng.normal(size=(N_PIPES, N_FEAT)).astype(np.float32)
    true_w = rng.normal(scale=0.5, size=N_FEAT).astype(np.float32)
    cents = x @ true_w + 0.1 * rng.normal(size=N_PIPES).astype(np.float32)
    return torch.from_numpy(x).to(device), torch.from_numpy(cents).to(device)


def end_corrections(n):
    # 0.6 r end correction, tabulated for each feature's scale
    return torch.tensor(1.0 + 0.6 * np.linspace(0.0, 0.25, n), dtype=torch.float32).to(device)


def make_objective(features, cents, ridge):
    correction = end_corrections(features.shape[1])

    def objective(weights, bias):
        corrected = torch.erf(features * correction)
        pred = (corrected * weights).sum(dim=1) + bias
        resid = pred - cents
        return (resid * resid).mean() + ridge * (weights * weights).sum()

    return objective


class ScalingModel:
    def __init__(self, n_feat):
        self.weights = torch.zeros(n_feat, device=device, requires_grad=True)
        self.bias = torch.zeros((), device=device, requires_grad=True)

    def params(self):
        return [self.weights, self.bias]


def fit(model, objective, cfg, log):
    velocity = [torch.zeros_like(p) for p in model.params()]
    for epoch in range(cfg.epochs):
        for _ in range(cfg.steps_per_epoch):
            loss = objective(model.weights, model.bias)
            grads = torch.autograd.grad(loss, model.params())
            with torch.no_grad():
                for p, v, g in zip(model.params(), velocity, grads):
                    v.mul_(0.9).add_(g)
                    p.sub_(cfg.lr * v)
        log(epoch, loss.item())
    return model


rng = np.random.default_rng(1699)
features, cents = measured_pipes(rng)
cfg = FitConfig()
history = []
model = fit(ScalingModel(N_FEAT), make_objective(features, cents, cfg.ridge), cfg,
            log=lambda epoch, value: history.append((epoch, value)))
print(f"final mse {history[-1][1]:.5f} after {cfg.epochs} epochs")
w = model.weights.detach().cpu().double()
print(f"result: {float(w.abs().sum()) + history[-1][1]:.10e}")
