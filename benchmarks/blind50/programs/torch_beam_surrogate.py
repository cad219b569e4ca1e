# ruff: noqa
"""Design search for steel I-beams with a neural surrogate: an MLP is trained on closed-form
mid-span deflections of simply supported beams (span, load, flange and web sizes), then a
random-restart hill climb proposes section sizes, scores every candidate with the surrogate
plus a weight penalty, and keeps the lightest feasible design."""
from functools import partial

import torch
from torch import nn

E = 210e9
LIMIT = 1.0 / 300.0


def second_moment(bf, tf, hw, tw):
    h = hw + 2 * tf
    return (bf * h**3 - (bf - tw) * hw**3) / 12.0


def deflection_ratio(x):
    span, q, bf, tf, hw, tw = x.unbind(-1)
    inertia = second_moment(bf, tf, hw, tw)
    return 5 * q * span**3 / (384 * E * inertia)


LOW = torch.tensor([4.0, 5e3, 0.10, 0.008, 0.20, 0.005])
HIGH = torch.tensor([12.0, 40e3, 0.40, 0.030, 0.80, 0.020])


def scale(x):
    return (x - LOW) / (HIGH - LOW)


class Surrogate(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh(), nn.Linear(width, 1))

    def forward(self, x):
        return self.net(scale(x)).squeeze(-1)


def fit(model, gen, steps=300, batch=512):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(steps):
        x = LOW + (HIGH - LOW) * torch.rand(batch, 6, generator=gen)
        target = torch.log(deflection_ratio(x) / LIMIT)
        loss = (model(x) - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return float(loss.detach())


@torch.no_grad()
def score(model, design):
    log_ratio = model(design)
    area = 2 * design[..., 2] * design[..., 3] + design[..., 4] * design[..., 5]
    return area * 1e3 + 400.0 * torch.relu(log_ratio)


def hill_climb(evaluate, start, gen, n_iter, n_props):
    best = start
    best_score = evaluate(best)
    for _ in range(n_iter):
        step = torch.randn(n_props, 6, generator=gen) * 0.03 * (HIGH - LOW)
        step[:, :2] = 0.0
        props = torch.minimum(torch.maximum(best + step, LOW), HIGH)
        scores = torch.stack([evaluate(p) for p in props])
        k = int(scores.argmin())
        if scores[k] < best_score:
            best, best_score = props[k], scores[k]
    return best, best_score


torch.manual_seed(0)
gen = torch.Generator().manual_seed(3)
model = Surrogate()
final_loss = fit(model, gen)
evaluate = partial(score, model)
cases = [(6.0, 12e3), (8.0, 20e3), (10.0, 25e3), (12.0, 30e3)]
total = 0.0
for span, q in cases:
    start = torch.tensor([span, q, 0.3, 0.02, 0.6, 0.012])
    best, s = hill_climb(evaluate, start, gen, n_iter=80, n_props=64)
    true = float(deflection_ratio(best) / LIMIT)
    print(f"span {span:4.1f} m, q {q / 1e3:4.1f} kN/m: flange {best[2]:.3f}x{best[3]:.4f}, web {best[4]:.3f}x{best[5]:.4f}, L/300 use {true:.2f}")
    total += float(s) + true
reference = torch.stack([torch.tensor([s_, q_, 0.2, 0.015, 0.4, 0.01]) for s_, q_ in cases])
ref_scores = [float(evaluate(r)) for r in reference]
print(f"surrogate fit loss {final_loss:.4f}")
print(f"result: {total + sum(ref_scores):.10e}")
