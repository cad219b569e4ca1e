# ruff: noqa
"""Pedestrian flow in a corridor with a torch social-force model: two groups walk in opposite
directions, each agent with its own preferred speed, repelled by neighbours and walls; the
run reports lane formation (mean signed speed per group) and the mean crowd density."""
import math

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class Corridor:
    def __init__(self, n, length=60.0, width=5.0, seed=0):
        rng = np.random.default_rng(seed)
        g = torch.Generator().manual_seed(seed)
        self.length, self.width = length, width
        self.pos = torch.stack([torch.rand(n, generator=g) * length,
                                torch.rand(n, generator=g) * width], 1).to(device)
        self.vel = torch.zeros(n, 2, device=device)
        self.heading = torch.where(torch.arange(n) % 2 == 0, 1.0, -1.0).to(device)
        self.v0 = torch.from_numpy(rng.normal(1.34, 0.26, n)).float().to(device)

    def driving_force(self, tau=0.5):
        desired = torch.zeros_like(self.vel)
        desired[:, 0] = self.heading
        return (self.v0[:, None] * desired - self.vel) / tau

    def interaction_force(self, a=2.1, b=0.3):
        diff = self.pos[:, None, :] - self.pos[None, :, :]
        diff[..., 0] = torch.remainder(diff[..., 0] + self.length / 2, self.length) - self.length / 2
        r = diff.norm(dim=-1) + torch.eye(len(self.pos), device=device)
        mag = a * torch.exp((0.5 - r) / b)
        return (mag[..., None] * diff / r[..., None]).sum(1)

    def wall_force(self, a=5.0, b=0.2):
        f = torch.zeros_like(self.pos)
        for i in range(len(self.pos)):
            y = self.pos[i, 1]
            if y < 1.0:
                f[i, 1] = a * torch.exp(-y / b)
            elif y > self.width - 1.0:
                f[i, 1] = -a * torch.exp((y - self.width) / b)
        return f

    def step(self, dt):
        f = self.driving_force() + self.interaction_force() + self.wall_force()
        self.vel = self.vel + dt * f
        self.pos = self.pos + dt * self.vel
        self.pos[:, 0] = torch.remainder(self.pos[:, 0], self.length)
        self.pos[:, 1] = self.pos[:, 1].clamp(0.0, self.width)


sim = Corridor(600)
log = []
for t in range(140):
    sim.step(0.05)
    if t % 40 == 0:
        log.append((sim.vel[:, 0] * sim.heading).mean().item())
lane = (sim.vel[:, 0] * sim.heading).mean()
density = len(sim.pos) / (sim.length * sim.width)
print(f"mean speed along heading {float(lane):.4f} m/s, density {density:.3f} /m2, log {log}")
print(f"result: {float(lane) + float(sim.pos[:, 1].mean()) + sum(log):.10e}")
