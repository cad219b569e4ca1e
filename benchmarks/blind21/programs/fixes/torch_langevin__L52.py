# ruff: noqa
"""Overdamped Langevin sampler for a batch of walkers in a 2-D double-well potential: the drift
is the potential's negative gradient, noise comes from a seeded NumPy generator, and the walkers'
well occupancy and mean energy are reported every few hundred steps."""
import numpy as np
import torch


class DoubleWell:
    def __init__(self, barrier=2.0, tilt=0.3, ripple=0.15):
        self.barrier = barrier
        self.tilt = tilt
        self.ripple = ripple

    def energy(self, x):
        e = self.barrier * (x[:, 0] ** 2 - 1) ** 2 + 0.5 * x[:, 1] ** 2 + self.tilt * x[:, 0]
        return e + self.ripple * torch.sin(6 * x[:, 0]) * torch.cos(6 * x[:, 1])

    def drift(self, x):
        s0, c0 = torch.sin(6 * x[:, 0]), torch.cos(6 * x[:, 0])
        s1, c1 = torch.sin(6 * x[:, 1]), torch.cos(6 * x[:, 1])
        gx = 4 * self.barrier * x[:, 0] * (x[:, 0] ** 2 - 1) + self.tilt + 6 * self.ripple * c0 * c1
        gy = x[:, 1] - 6 * self.ripple * s0 * s1
        return -torch.stack([gx, gy], dim=1)


class Simulator:
    def __init__(self, potential, n_walkers, dt, seed):
        self.potential = potential
        self.dt = dt
        self.rng = np.random.default_rng(seed)
        self.x = torch.zeros(n_walkers, 2, dtype=torch.float32)
        self.x[:, 0] = -1.0
        self.energy_sum = torch.zeros(n_walkers)
        self.steps = 0

    def noise(self):
        return torch.from_numpy(self.rng.standard_normal(self.x.shape))

    def step(self):
        x = self.x
        self.x = x + self.dt * self.potential.drift(x) + np.sqrt(2 * self.dt) * self.noise()
        self.energy_sum += self.potential.energy(self.x)
        self.steps += 1


sim = Simulator(DoubleWell(), n_walkers=150000, dt=1e-3, seed=4)
report = []
for t in range(300):
    sim.step()
    if t % 100 == 99:
        report.append((t, (sim.x[:, 0] > 0).float().mean(), sim.potential.energy(sim.x).mean()))
report = [(t, right.item(), e.item()) for t, right, e in report]
for t, right, e in report:
    print(f"step {t + 1}: right well {right:.4f}, mean energy {e:.4f}")
report = [(right, e) for t, right, e in report]
time_avg = sim.energy_sum / sim.steps
print(f"time-averaged energy {time_avg.mean().item():.4f}")
print(f"result: {sum(r + e for r, e in report) + time_avg.mean().item():.10e}")
