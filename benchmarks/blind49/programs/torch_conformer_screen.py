# ruff: noqa
"""Conformer screening with a classical force field: random perturbations of a 48-atom
molecule, per-atom Lennard-Jones plus screened Coulomb energies from a small force-field
class, a Boltzmann-weighted ensemble average, and the lowest-energy conformers kept."""
import math
from dataclasses import dataclass, field

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
KT = 0.593  # kcal/mol at 298 K


@dataclass
class ForceField:
    sigma: torch.Tensor
    eps: torch.Tensor
    charge: torch.Tensor
    kappa: float = 0.3
    scales: list = field(default_factory=lambda: [1.0, 0.5, 0.8333])

    def atom_energies(self, xyz):
        d = torch.cdist(xyz, xyz) + torch.eye(xyz.shape[0], device=xyz.device) * 1e3
        s = 0.5 * (self.sigma[:, None] + self.sigma[None, :])
        e = torch.sqrt(self.eps[:, None] * self.eps[None, :])
        sr6 = (s / d) ** 6
        lj = 4.0 * e * (sr6 * sr6 - sr6)
        coul = 332.06 * self.charge[:, None] * self.charge[None, :] * torch.exp(-self.kappa * d) / d
        return 0.5 * (lj + coul).sum(dim=1)


class Conformer:
    def __init__(self, xyz, ff):
        self.xyz = xyz
        self.ff = ff

    @property
    def energy(self):
        return sum(self.ff.atom_energies(self.xyz))


def perturbations(base, n, gen, scale=0.25):
    for _ in range(n):
        yield base + scale * torch.randn(base.shape, generator=gen)


gen = torch.Generator().manual_seed(123)
n_atoms = 210
grid = torch.stack(torch.meshgrid(torch.arange(5.0), torch.arange(6.0), torch.arange(7.0), indexing="ij"), -1)
base = 3.9 * grid.reshape(-1, 3) + 0.2 * torch.randn(n_atoms, 3, generator=gen)
ff = ForceField(
    sigma=3.0 + 0.5 * torch.rand(n_atoms, generator=gen),
    eps=0.05 + 0.1 * torch.rand(n_atoms, generator=gen),
    charge=0.4 * (torch.rand(n_atoms, generator=gen) - 0.5),
)
scale_total = sum(ff.scales)
net_charge = float(sum(ff.charge))
energies = []
for xyz in perturbations(base, 3000, gen):
    energies.append(Conformer(xyz, ff).energy)
E = torch.stack(energies).double()
w = torch.softmax(-(E - E.min()) / KT, dim=0)
avg = float((w * E).sum())
best = (-torch.topk(-E, 5).values).tolist()
print(f"net charge {net_charge:.4f}")
print(f"min energy {E.min().item():.4f}, Boltzmann average {avg:.4f}, best {best[0]:.4f}")
print(f"result: {E.sum().item() * 1e-3 + avg * scale_total + math.fsum(best) + net_charge:.10e}")
