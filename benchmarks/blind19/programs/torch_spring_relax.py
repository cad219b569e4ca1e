# ruff: noqa
"""Relaxation of a damped spring network: nodes on a ring connected to their neighbours and to
random long-range partners are released from a perturbed state and integrated until the kinetic
energy falls below a tolerance. The trajectory of the node positions is logged for a later
animation, with the steps at which a node crosses the midline. Prints the number of steps, the
final energy and a checksum of the trajectory."""

from dataclasses import dataclass, field

import torch


@dataclass
class RelaxLog:
    positions: torch.Tensor
    crossings: torch.Tensor = field(default_factory=lambda: torch.zeros(0, dtype=torch.long))

    def record(self, x):
        self.positions = torch.cat([self.positions, x[None]])

    def mark_crossing(self, step):
        self.crossings = torch.cat([self.crossings, torch.tensor([step])])


def build_laplacian(n, n_long, gen):
    adj = torch.zeros(n, n)
    i = torch.arange(n)
    adj[i, (i + 1) % n] = 1.0
    adj[(i + 1) % n, i] = 1.0
    a = torch.randint(0, n, (n_long,), generator=gen)
    b = torch.randint(0, n, (n_long,), generator=gen)
    adj[a, b] = 0.5
    adj[b, a] = 0.5
    adj.fill_diagonal_(0.0)
    return torch.diag(adj.sum(1)) - adj


gen = torch.Generator().manual_seed(4)
n = 48
lap = build_laplacian(n, 60, gen)
x = 0.5 * torch.randn(n, generator=gen)
v = torch.zeros(n)
dt, damping, tol = 0.02, 0.08, 1e-6
log = RelaxLog(positions=x[None].clone())
energy = float("inf")
step = 0
while energy > tol and step < 12000:
    a = -lap @ x - damping * v
    v = v + dt * a
    x_new = x + dt * v
    if x[0] * x_new[0] < 0:
        log.mark_crossing(step)
    x = x_new
    log.record(x)
    energy = 0.5 * float(v @ v)
    step += 1

print(f"steps {step}, energy {energy:.3e}, crossings {len(log.crossings)}")
print(f"result: {log.positions.abs().sum().item() + step + log.crossings.sum().item():.10e}")
