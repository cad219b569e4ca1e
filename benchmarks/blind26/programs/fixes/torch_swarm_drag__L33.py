# ruff: noqa
"""Simulates a swarm of particles with individual masses falling through a viscous medium in a
float32 state: gravity, linear drag and a soft pull towards the swarm's centre, integrated with
semi-implicit Euler steps; prints the swarm's final spread and mean speed."""
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class Swarm:
    def __init__(self, n, seed):
        rng = np.random.default_rng(seed)
        self.pos = torch.tensor(rng.standard_normal((n, 3)), dtype=torch.float32, device=device)
        self.vel = torch.zeros(n, 3, device=device)
        masses = rng.uniform(0.5, 2.0, size=(n, 1))
        self.inv_mass = torch.from_numpy(1.0 / masses).to(device)
        self.gravity = torch.tensor([0.0, 0.0, -9.81], device=device)

    def forces(self, drag, pull):
        centre = self.pos.mean(dim=0, keepdim=True)
        return -drag * self.vel - pull * (self.pos - centre)

    def step(self, dt, drag=0.8, pull=0.3):
        acc = self.forces(drag, pull) * self.inv_mass + self.gravity
        self.vel = self.vel + dt * acc
        self.pos = self.pos + dt * self.vel


swarm = Swarm(400_000, seed=3)
dt = 0.002
for t in range(180):
    swarm.step(float(dt))
spread = swarm.pos.std(dim=0).sum()
speed = swarm.vel.norm(dim=1).mean()
print(f"spread {float(spread):.5f}, speed {float(speed):.5f}")
print("result:", f"{float(spread) + float(speed):.10e}")
