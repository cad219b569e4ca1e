# ruff: noqa
"""Radar reflectivity nowcast with a physics step: an advection-diffusion model of the
reflectivity field with a spatially varying diffusivity (from a terrain roughness map), a growth/
decay source term, and a skill score against the synthetic "observed" field at the end."""
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class AdvectionDiffusion:
    def __init__(self, roughness, dt=0.2):
        self.roughness = roughness
        self.dt = dt

    @property
    def kappa(self):
        return self._kappa

    def setup(self):
        self._kappa = torch.from_numpy(0.05 + 0.2 * self.roughness).to(device)

    def laplacian(self, f):
        return torch.roll(f, 1, 0) + torch.roll(f, -1, 0) + torch.roll(f, 1, 1) + torch.roll(f, -1, 1) - 4.0 * f

    def step(self, f, u, v):
        adv = u * (torch.roll(f, 1, 1) - torch.roll(f, -1, 1)) * 0.5 + v * (torch.roll(f, 1, 0) - torch.roll(f, -1, 0)) * 0.5
        growth = 0.01 * torch.tanh(f - 0.5)
        return f + self.dt * (adv + self.kappa * self.laplacian(f) + growth)


def run(model, f0, u, v, steps, callback):
    f = f0
    for k in range(steps):
        f = model.step(f, u, v)
        callback(k, f)
    return f


rng = np.random.default_rng(8)
n = 512
roughness = rng.random((n, n))
gen = torch.Generator().manual_seed(2)
f0 = torch.rand(n, n, generator=gen).to(device)
u = torch.full((n, n), 0.3, device=device)
v = torch.full((n, n), -0.2, device=device)
model = AdvectionDiffusion(roughness)
model.setup()
energy = []
track = lambda k, f: energy.append(f.double().pow(2).mean()) if k % 25 == 0 else None
final = run(model, f0, u, v, 110, track)
obs = torch.roll(f0, 2, 1)
skill = 1.0 - ((final.float() - obs) ** 2).mean() / obs.var()
print(f"skill {float(skill):.4f}, dtype {final.dtype}")
print(f"result: {float(final.double().sum()) + float(torch.stack(energy).sum()):.10e}")
