# ruff: noqa
"""Toy global forecast: a tracer (humidity-like field) advected by a zonal jet and a
meridional wave on a latitude-longitude grid, with diffusion, a relaxation source and a polar FFT
filter, stepped with an upwind scheme; the forecast is verified against a coarse "analysis" every few steps."""
import math

import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class Grid:
    def __init__(self, n_lat, n_lon):
        self.n_lat, self.n_lon = n_lat, n_lon
        lat = np.linspace(-80.0, 80.0, n_lat)
        self.lat = torch.tensor(np.deg2rad(lat)).to(device)
        self.dx = 2 * math.pi / n_lon
        self.dy = math.radians(160.0) / (n_lat - 1)

    @property
    def metric(self):
        return torch.cos(self.lat)[:, None]


class Simulator:
    def __init__(self, grid, dt, kappa, hooks=()):
        self.g = grid
        self.dt = dt
        self.kappa = kappa
        self.hooks = hooks
        lon = torch.linspace(0, 2 * math.pi, grid.n_lon + 1, device=device)[:-1]
        lat = torch.linspace(-1.4, 1.4, grid.n_lat, device=device)
        self.u = (20.0 * torch.cos(lat) ** 2)[:, None].expand(-1, grid.n_lon).contiguous() / 100.0
        self.v = (2.0 * torch.sin(3 * lon)[None, :] * torch.cos(lat)[:, None]) / 100.0
        self.source = 0.5 + 0.5 * torch.cos(2 * lat)[:, None] * torch.ones(1, grid.n_lon, device=device)
        wavenumber = torch.arange(grid.n_lon // 2 + 1, device=device)[None, :]
        cutoff = (grid.n_lon // 2) * torch.cos(lat).clamp(min=0.05)[:, None]
        self.keep = (wavenumber <= cutoff).float()

    def advect(self, q):
        m = self.g.metric
        dqdx_b = (q - torch.roll(q, 1, dims=1)) / self.g.dx
        dqdx_f = (torch.roll(q, -1, dims=1) - q) / self.g.dx
        dqdx = torch.where(self.u > 0, dqdx_b, dqdx_f) / m
        qn = torch.cat([q[1:], q[-1:]], dim=0)
        qs = torch.cat([q[:1], q[:-1]], dim=0)
        dqdy = torch.where(self.v > 0, q - qs, qn - q) / self.g.dy
        return -(self.u * dqdx + self.v * dqdy)

    def diffuse(self, q):
        lap = torch.roll(q, 1, 1) + torch.roll(q, -1, 1) - 2 * q
        qn = torch.cat([q[1:], q[-1:]], dim=0)
        qs = torch.cat([q[:1], q[:-1]], dim=0)
        return self.kappa * (lap / self.g.dx**2 + (qn + qs - 2 * q) / self.g.dy**2)

    def polar_filter(self, q):
        spec = torch.fft.rfft(q, dim=1)
        return torch.fft.irfft(spec * self.keep, n=self.g.n_lon, dim=1)

    def step(self, q):
        q = q + self.dt * (self.advect(q) + self.diffuse(q) + 0.05 * (self.source - q))
        return self.polar_filter(q)

    def run(self, q, n_steps):
        for n in range(n_steps):
            q = self.step(q)
            for hook in self.hooks:
                hook(n, q)
        return q


class Verifier:
    def __init__(self, every, truth_fn):
        self.every = every
        self.truth_fn = truth_fn
        self.scores = []

    def __call__(self, n, q):
        if n % self.every == 0:
            ref = self.truth_fn(n)
            err = (q.double() - ref).pow(2).mean().sqrt()
            self.scores.append(err)


torch.manual_seed(0)
grid = Grid(512, 1024)
q0 = 0.5 + 0.1 * torch.randn(grid.n_lat, grid.n_lon, device=device)
analysis = torch.nn.functional.avg_pool2d(q0[None, None], 8).double()


def coarse_truth(n):
    return torch.nn.functional.interpolate(analysis, scale_factor=8)[0, 0] * (1.0 - 1e-4 * n)


verifier = Verifier(every=20, truth_fn=coarse_truth)
sim = Simulator(grid, dt=0.002, kappa=2e-5, hooks=[verifier])
q = sim.run(q0, 100)
scores = torch.stack(verifier.scores)
print(f"final mean {float(q.mean()):.6f}, max {float(q.max()):.6f}, last rmse {float(scores[-1]):.6f}")
print(f"result: {float(q.double().sum()) + float(scores.sum()):.10e}")
