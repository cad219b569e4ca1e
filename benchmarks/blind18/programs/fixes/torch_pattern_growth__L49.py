# ruff: noqa
"""Grows a Gray-Scott reaction-diffusion pattern on a float32 torch grid whose feed rate
varies from top to bottom (a parameter sweep in one picture); a generator hands snapshots of
the grid to a small analysis that tracks the pattern's mass. Prints the final coverage and a
checksum."""

import numpy as np
import torch


class ReactionDiffusion:
    def __init__(self, n, feed_range=(0.022, 0.062), removal=0.10, du=0.16, dv=0.08):
        self.u = torch.ones(n, n)
        self.v = torch.zeros(n, n)
        c = slice(n // 2 - 8, n // 2 + 8)
        self.u[c, c], self.v[c, c] = 0.5, 0.25
        self.v += 0.02 * torch.rand(n, n, generator=torch.Generator().manual_seed(11))
        # one feed rate per row, from the experiment's table
        self.feed = torch.from_numpy(np.linspace(*feed_range, n))[:, None]
        self.removal, self.du, self.dv = removal, du, dv

    @staticmethod
    def laplacian(a):
        return (
            torch.roll(a, 1, 0)
            + torch.roll(a, -1, 0)
            + torch.roll(a, 1, 1)
            + torch.roll(a, -1, 1)
            - 4 * a
        )

    def step(self, dt=1.0):
        u, v = self.u, self.v
        uvv = u * v * v
        self.u = u + dt * (self.du * self.laplacian(u) - uvv + self.feed * (1 - u))
        self.v = v + dt * (self.dv * self.laplacian(v) + uvv - self.removal * v)


def snapshots(model, n_steps, every):
    for i in range(n_steps):
        model.step()
        if i % every == 0:
            yield i, model.v


model = ReactionDiffusion(256)
mass = torch.zeros((), dtype=torch.float64)  # thousands of terms: sum in double
for i, v in snapshots(model, 3000, every=25):
    mass += v.sum()
coverage = float((model.v > 0.2).float().mean())
print(f"coverage {coverage:.4f}")
print(f"result: {float(mass) + float(model.u.sum()) + coverage:.8e}")
