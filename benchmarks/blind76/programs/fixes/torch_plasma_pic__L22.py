"""One-dimensional electrostatic particle-in-cell simulation of a two-stream plasma: electrons
are deposited on a periodic grid with cloud-in-cell weights, the potential is found from a
precomputed Green's-function table, and particles are pushed with leapfrog steps. The field
energy history shows the instability's growth."""
import math

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class PoissonSolver:
    def __init__(self, n_cells, length):
        self.n = n_cells
        dx = length / n_cells
        # periodic Green's function of the 1-D Laplacian (zero-mean), kept as a table
        k = [2 * math.pi * m / length for m in range(1, n_cells // 2 + 1)]
        table = [[sum(math.cos(kk * (i - j) * dx) / (kk * kk) for kk in k[:12]) * 2 / n_cells
                       for j in range(n_cells)] for i in range(n_cells)]
        self.green = torch.tensor(table, dtype=torch.float32, device=device)

    def potential(self, rho):
        return self.green @ (rho - rho.mean())


class Plasma:
    def __init__(self, n_particles, n_cells, length, gen):
        self.length, self.n_cells = length, n_cells
        self.dx = length / n_cells
        half = n_particles // 2
        self.x = torch.rand(n_particles, generator=gen).to(device) * length
        v0 = torch.cat([torch.full((half,), 1.0), torch.full((n_particles - half,), -1.0)])
        self.v = (v0 + 0.05 * torch.randn(n_particles, generator=gen)).to(device)
        self.qm = torch.tensor([-1.0], device=device)

    def deposit(self):
        s = self.x / self.dx
        i0 = s.floor().long() % self.n_cells
        w1 = s - s.floor()
        rho = torch.zeros(self.n_cells, device=device)
        rho.index_add_(0, i0, 1 - w1)
        rho.index_add_(0, (i0 + 1) % self.n_cells, w1)
        return rho * self.n_cells / self.x.numel()

    def field_at_particles(self, phi):
        e = -(torch.roll(phi, -1) - torch.roll(phi, 1)) / (2 * self.dx)
        s = self.x / self.dx
        i0 = s.floor().long() % self.n_cells
        w1 = s - s.floor()
        return e[i0] * (1 - w1) + e[(i0 + 1) % self.n_cells] * w1

    def push(self, efield, dt):
        self.v += self.qm * efield * dt
        self.x = (self.x + self.v * dt) % self.length


gen = torch.Generator().manual_seed(12)
solver = PoissonSolver(160, 2 * math.pi * 4)
plasma = Plasma(20000, 160, 2 * math.pi * 4, gen)
energy = []
for step in range(1000):
    phi = solver.potential(plasma.deposit())
    efield = plasma.field_at_particles(phi)
    plasma.push(efield, 0.05)
    if step % 10 == 0:
        energy.append(float((phi ** 2).sum()))
energy = torch.tensor(energy)
print(f"field energy grew {energy[-1] / energy[0]:.2f}x, kinetic {float((plasma.v ** 2).mean()):.4f}")
print(f"result: {energy.sum().item() + plasma.v.abs().sum().item():.10e}")
