# ruff: noqa
"""Deck-oven bake simulation for a sourdough bakery: heat flows through a row of loaves on the
oven's stone deck, modelled as a 1-D conduction network solved with implicit time steps. Several
loading patterns (how many trays, where) are simulated and the core temperature of each loaf is
checked against the doneness threshold."""
import functools

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
N_NODES = 160
DT = 2.0


def conduction_system(n, k, dt):
    lap = torch.diag(torch.full((n,), -2.0)) + torch.diag(torch.ones(n - 1), 1) + torch.diag(torch.ones(n - 1), -1)
    lap[0, 0] = lap[-1, -1] = -1.0
    return torch.eye(n) - dt * k * lap


def implicit_step(temp, heat, system):
    inverse = torch.linalg.inv(system)
    return (temp + DT * heat) @ inverse.T


class Bake:
    def __init__(self, pattern, system, minutes):
        self.pattern = pattern
        self.step = functools.partial(implicit_step, system=system)
        self.n_steps = int(minutes * 60 / DT)
        self.probe_log = []

    def run(self, temp, heat):
        for s in range(self.n_steps):
            temp = self.step(temp, heat)
            if s % 60 == 0:
                probe = temp[:, :16]
                self.probe_log.append(probe.mean(dim=1))
        return temp


gen = torch.Generator().manual_seed(3)
system = conduction_system(N_NODES, 0.15, DT).to(device)
results = []
for pattern in range(4):
    loaves = 32
    temp = (20.0 + torch.rand(loaves, N_NODES, generator=gen)).to(device)
    heat = (0.02 * torch.rand(loaves, N_NODES, generator=gen) * (1 + pattern)).to(device)
    bake = Bake(pattern, system, minutes=5)
    final = bake.run(temp, heat)
    cores = final[:, N_NODES // 2]
    results.append((cores > 95.0).float().mean() + torch.stack(bake.probe_log).mean())
total = torch.stack(results).sum()
print(f"patterns: {len(results)}, mean core {float(cores.mean()):.2f}")
print(f"result: {float(total):.10e}")
