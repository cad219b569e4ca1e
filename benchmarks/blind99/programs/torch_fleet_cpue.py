# ruff: noqa
"""Catch-per-unit-effort standardisation for a trawl fleet: a Poisson log-linear model of
trip catches on vessel, season and depth covariates, with fishing effort (hours towed, scaled
by the gear's relative efficiency) as the offset, fitted by gradient descent; the standardised
abundance index per season is printed."""
from dataclasses import dataclass

import numpy as np
import torch

GEAR_EFFICIENCY = np.array([1.00, 0.82, 1.17, 0.64, 0.93])  # relative to the reference otter trawl


@dataclass
class FitConfig:
    n_iter: int = 32
    lr: float = 0.2
    log_every: int = 8


def make_effort_offset(efficiency):
    table = torch.as_tensor(efficiency)

    def offset(hours, gear):
        return torch.log(hours * table[gear])

    return offset


def synth_trips(n, n_seasons, seed):
    g = torch.Generator().manual_seed(seed)
    season = torch.randint(0, n_seasons, (n,), generator=g)
    gear = torch.randint(0, len(GEAR_EFFICIENCY), (n,), generator=g)
    depth = torch.rand(n, generator=g) * 2.0 - 1.0
    vessel_size = torch.randn(n, generator=g) * 0.5
    hours = torch.rand(n, generator=g) * 10.0 + 2.0
    x = torch.stack([torch.ones(n), depth, depth * depth, vessel_size], dim=1)
    x = torch.cat([x, torch.nn.functional.one_hot(season, n_seasons).float()[:, 1:]], dim=1)
    true_beta = torch.linspace(-0.4, 0.6, x.shape[1]) * 0.5
    rate = torch.exp((x * true_beta).sum(1)) * hours * torch.as_tensor(GEAR_EFFICIENCY, dtype=torch.float32)[gear]
    catch = torch.poisson(rate, generator=g)
    return x, catch, hours, gear, season


def fit(x, catch, offset, cfg):
    beta = torch.zeros(x.shape[1])
    n = x.shape[0]
    history = []
    for it in range(cfg.n_iter):
        eta = (x * beta).sum(1) + offset
        mu = torch.exp(eta)
        resid = mu - catch
        grad = (x * resid[:, None]).sum(0) / n
        beta = beta - cfg.lr * grad / (1.0 + it * 0.02)
        if it % cfg.log_every == 0:
            dev = 2.0 * (mu - catch * eta).mean()
            history.append(dev.item())
    return beta, history


torch.manual_seed(0)
cfg = FitConfig()
x, catch, hours, gear, season = synth_trips(110_000, 9, seed=17)
offset_fn = make_effort_offset(GEAR_EFFICIENCY)
offset = offset_fn(hours, gear)
beta, history = fit(x, catch, offset, cfg)
index = torch.exp(torch.cat([torch.zeros(1, dtype=beta.dtype), beta[4:]]) + beta[0])
print("season index: " + " ".join(f"{v:.3f}" for v in index.tolist()))
print("deviance trace: " + " ".join(f"{d:.4f}" for d in history))
print(f"result: {float(beta.double().sum()) + float(index.double().sum()):.10e}")
