# ruff: noqa
"""Mean-field (Taylor) model of a polycrystalline cubic metal under cyclic strain: each grain
has its own orientation, the macroscopic strain is rotated into the grain frame, the grain
stress follows cubic anisotropic elasticity with a simple saturating damage variable, and the
aggregate stress-strain loop and stored energy are reported per load case."""
import math

import torch

C11, C12, C44 = 168.4, 121.4, 75.4


class CubicCrystal:
    def __init__(self, c11, c12, c44):
        self.c11, self.c12, self.c44 = c11, c12, c44

    @property
    def stiffness(self):
        a, b, c = self.c11, self.c12, self.c44
        return torch.tensor([[a, b, b, 0, 0, 0], [b, a, b, 0, 0, 0], [b, b, a, 0, 0, 0],
                             [0, 0, 0, c, 0, 0], [0, 0, 0, 0, c, 0], [0, 0, 0, 0, 0, c]])

    @property
    def bulk_modulus(self):
        return self.stiffness[:3, :3].sum() / 9.0


def voigt_rotations(angles):
    c, s = torch.cos(angles), torch.sin(angles)
    R = torch.zeros(len(angles), 6, 6)
    R[:, 0, 0] = c * c
    R[:, 0, 1] = s * s
    R[:, 0, 5] = 2 * c * s
    R[:, 1, 0] = s * s
    R[:, 1, 1] = c * c
    R[:, 1, 5] = -2 * c * s
    R[:, 2, 2] = 1.0
    R[:, 3, 3] = c
    R[:, 3, 4] = -s
    R[:, 4, 3] = s
    R[:, 4, 4] = c
    R[:, 5, 0] = -c * s
    R[:, 5, 1] = c * s
    R[:, 5, 5] = c * c - s * s
    return R


class Aggregate:
    def __init__(self, crystal, n_grains, gen):
        self.crystal = crystal
        self.R = voigt_rotations(torch.rand(n_grains, generator=gen) * math.pi)
        self.damage = torch.zeros(n_grains)

    def to_grain_frame(self, strain):
        return torch.einsum("gij,j->gi", self.R, strain)

    def grain_stress(self, local):
        return (1.0 - self.damage)[:, None] * (local @ self.crystal.stiffness)

    def energy(self, local):
        return 0.5 * ((local @ self.crystal.stiffness) * local).sum(dim=1)

    def update(self, local):
        e = self.energy(local)
        self.damage = torch.maximum(self.damage, 1.0 - torch.exp(-e / 0.5))


def cycle(agg, amplitude, n_steps):
    loop = []
    for k in range(n_steps):
        eps = amplitude * math.sin(2 * math.pi * 3 * k / n_steps)
        strain = eps * amplitude_direction
        local = agg.to_grain_frame(strain)
        sigma = agg.grain_stress(local).mean(dim=0)
        agg.update(local)
        loop.append(sigma[0] / agg.crystal.bulk_modulus)
    return torch.stack(loop)


gen = torch.Generator().manual_seed(4)
crystal = CubicCrystal(C11, C12, C44)
results = []
for amp in (0.01, 0.02, 0.03):
    amplitude_direction = torch.tensor([1.0, -0.3, -0.3, 0.0, 0.0, 0.0])
    agg = Aggregate(crystal, 32, gen)
    loop = cycle(agg, amp, 9000)
    results.append((loop.abs().max(), agg.damage.mean()))
    print(f"amplitude {amp}: peak stress {loop.abs().max().item():.3f}, damage {agg.damage.mean().item():.4f}")
print(f"result: {sum(float(p) + float(d) for p, d in results):.10e}")
