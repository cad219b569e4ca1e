# ruff: noqa
"""Hour-by-hour economic dispatch of a small transmission system: quadratic generator costs, a
power balance and line-flow limits through a PTDF matrix as penalties, minimised with Adam for
each hour of a daily load profile; prints the daily cost and the most congested line."""
import functools
import random

import torch

torch.manual_seed(0)
random.seed(0)


class Network:
    def __init__(self, n_gen, n_line):
        # the case file gives the PTDF rows and ratings as plain numbers
        self.ptdf_rows = [[random.uniform(-0.4, 0.4) for _ in range(n_gen)] for _ in range(n_line)]
        self.ratings = [random.uniform(0.8, 2.5) for _ in range(n_line)]
        self.cost_a = torch.rand(n_gen) * 0.02 + 0.01
        self.cost_b = torch.rand(n_gen) * 10 + 15
        self.p_max = torch.rand(n_gen) * 2 + 0.5


def line_penalty(p, net, weight):
    ptdf = torch.tensor(net.ptdf_rows)
    rating = torch.tensor(net.ratings)
    flow = ptdf @ p
    return weight * torch.relu(flow.abs() - rating).pow(2).sum()


def balance_penalty(p, demand, weight):
    return weight * (p.sum() - demand.sum()) ** 2


def minimize(objective, x0, steps, penalties, lr=0.05):
    x = x0.clone().requires_grad_(True)
    opt = torch.optim.Adam([x], lr=lr)
    for _ in range(steps):
        opt.zero_grad()
        loss = objective(x) + sum(pen(x) for pen in penalties)
        loss.backward()
        opt.step()
    return x.detach()


net = Network(n_gen=80, n_line=130)
profile = [[0.6 + 0.4 * abs(((h - 14) / 10.0)) ** 0.5 * random.random() for _ in range(80)] for h in range(24)]
cost = lambda p: (net.cost_a * p * p + net.cost_b * p).sum()
total, worst = 0.0, torch.zeros(())
p = torch.full((80,), 0.5)
for h in range(24):
    demand = torch.tensor(profile[h])
    pens = [functools.partial(line_penalty, net=net, weight=50.0), functools.partial(balance_penalty, demand=demand, weight=200.0)]
    p = minimize(cost, p, 45, pens).clamp(min=0.0)
    p = torch.minimum(p, net.p_max)
    total += float(cost(p))
    flow = torch.tensor(net.ptdf_rows) @ p
    worst = torch.maximum(worst, (flow.abs() / torch.tensor(net.ratings)).max())
print(f"daily cost {total:.2f}, worst line loading {float(worst):.3f}")
print(f"result: {total + float(worst):.10e}")
