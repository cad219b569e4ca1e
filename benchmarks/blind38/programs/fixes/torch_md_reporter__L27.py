# ruff: noqa
"""Molecular dynamics of a small Lennard-Jones cluster in reduced units: velocity Verlet with a
Berendsen thermostat, reporters called every step (trajectory, energies), and the radius of
gyration and the mean-square displacement computed from the stored trajectory."""
from functools import partial

import torch


def lj_forces(x, eps=1.0, sigma=1.0, cutoff=2.5):
    d = x[:, None, :] - x[None, :, :]
    r2 = (d ** 2).sum(-1)
    r2.fill_diagonal_(1e6)
    inv6 = (sigma ** 2 / r2) ** 3
    mask = r2 < cutoff ** 2
    e = torch.where(mask, 4 * eps * (inv6 ** 2 - inv6), torch.zeros_like(r2))
    f_mag = torch.where(mask, 24 * eps * (2 * inv6 ** 2 - inv6) / r2, torch.zeros_like(r2))
    return (f_mag[..., None] * d).sum(1), 0.5 * e.sum()


class TrajectoryReporter:
    def __init__(self):
        self.parts = []

    @property
    def frames(self):
        return torch.cat(self.parts)

    def __call__(self, step, x, v, pot):
        frame = x.unsqueeze(0)
        self.parts.append(frame)


class EnergyReporter:
    def __init__(self, every):
        self.every = every
        self.rows = []

    def __call__(self, step, x, v, pot):
        if step % self.every == 0:
            kin = 0.5 * (v ** 2).sum()
            self.rows.append(torch.stack([pot, kin, pot + kin]))


def berendsen(v, target, tau=0.1, dt=0.002):
    temp = (v ** 2).sum() / (3 * len(v))
    return v * torch.sqrt(1 + dt / tau * (target / temp - 1))


def run(x, v, n_steps, dt, reporters, thermostat):
    f, pot = lj_forces(x)
    for step in range(n_steps):
        v = v + 0.5 * dt * f
        x = x + dt * v
        f, pot = lj_forces(x)
        v = thermostat(v + 0.5 * dt * f)
        for report in reporters:
            report(step, x, v, pot)
    return x, v


torch.manual_seed(4)
side = 5
grid = torch.stack(torch.meshgrid(*[torch.arange(side, dtype=torch.float32)] * 3, indexing="ij"), -1)
x0 = grid.reshape(-1, 3) * 1.12
v0 = torch.randn_like(x0) * 0.3
traj, energy = TrajectoryReporter(), EnergyReporter(every=50)
x, v = run(x0, v0, 3200, 0.002, [traj, energy], partial(berendsen, target=torch.tensor(0.4)))
frames = traj.frames
rg = ((frames - frames.mean(1, keepdim=True)) ** 2).sum(-1).mean(-1).sqrt()
msd = ((frames - frames[0]) ** 2).sum(-1).mean(-1)
e = torch.stack(energy.rows)
print(f"Rg {float(rg[-1]):.4f}, MSD {float(msd[-1]):.4f}, E {float(e[-1, 2]):.4f}")
print(f"result: {float(rg.mean() + msd.mean() + e[:, 2].mean()):.10e}")
