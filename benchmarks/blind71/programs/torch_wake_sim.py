# ruff: noqa
"""Two-dimensional passive-scalar (smoke) transport behind a cylinder in a wind-tunnel test
section: a float32 concentration field is advected by a prescribed wake velocity field and
diffused with an explicit finite-difference scheme, with a sheared inflow profile forced at the
inlet; prints the smoke's centroid and spread at the end."""
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def wake_velocity(nx, ny, u_inf=1.0):
    y = torch.linspace(-1.0, 1.0, ny).unsqueeze(1)
    x = torch.linspace(0.0, 4.0, nx).unsqueeze(0)
    deficit = 0.6 * torch.exp(-(y ** 2) / (0.05 + 0.04 * x)) / torch.sqrt(1.0 + x)
    u = u_inf * (1.0 - deficit)
    v = 0.08 * torch.sin(6.0 * x - 2.0) * torch.exp(-(y ** 2) / 0.1)
    return u.to(device), v.to(device)


class SmokeTunnel:
    def __init__(self, nx, ny, dt=0.002, kappa=2e-4):
        self.nx, self.ny = nx, ny
        self.dx, self.dy = 4.0 / (nx - 1), 2.0 / (ny - 1)
        self.dt, self.kappa = dt, kappa
        self.u, self.v = wake_velocity(nx, ny)
        profile = 0.5 + 0.5 * np.tanh(np.linspace(-3.0, 3.0, ny))
        self.inflow = torch.from_numpy(profile).reshape(ny, 1).to(device)
        self.sponge = torch.zeros(1, nx, device=device)
        self.sponge[0, :8] = torch.linspace(40.0, 0.0, 8)
        self.c = torch.zeros(ny, nx, dtype=torch.float32, device=device)

    def laplacian(self, c):
        lap = torch.zeros_like(c)
        lap[1:-1, 1:-1] = ((c[1:-1, 2:] - 2 * c[1:-1, 1:-1] + c[1:-1, :-2]) / self.dx ** 2
                           + (c[2:, 1:-1] - 2 * c[1:-1, 1:-1] + c[:-2, 1:-1]) / self.dy ** 2)
        return lap

    def advection(self, c):
        dcdx = torch.zeros_like(c)
        dcdy = torch.zeros_like(c)
        dcdx[:, 1:] = (c[:, 1:] - c[:, :-1]) / self.dx
        dcdy[1:-1, :] = (c[2:, :] - c[:-2, :]) / (2 * self.dy)
        return self.u * dcdx + self.v * dcdy

    def step(self):
        c = self.c
        forcing = self.sponge * (self.inflow - c)
        c = c + self.dt * (self.kappa * self.laplacian(c) - self.advection(c) + forcing)
        self.c = c.clamp_(0.0, 1.0)

    def run(self, n_steps, monitor=None, every=100):
        for k in range(n_steps):
            self.step()
            if monitor is not None and k % every == 0:
                monitor(k, self.c)


history = []


def log_mass(k, c):
    history.append(c.double().sum().item())


torch.manual_seed(0)
tunnel = SmokeTunnel(1024, 512)
tunnel.run(200, monitor=log_mass, every=25)
c = tunnel.c.float()
ys = torch.linspace(-1.0, 1.0, tunnel.ny, device=device).unsqueeze(1)
mass = c.sum()
centroid = (c * ys).sum() / mass
spread = torch.sqrt((c * (ys - centroid) ** 2).sum() / mass)
print(f"dtype {tunnel.c.dtype}, centroid {centroid.item():.5f}, spread {spread.item():.5f}")
print(f"result: {centroid.item() + spread.item() + sum(history) * 1e-6:.10e}")
