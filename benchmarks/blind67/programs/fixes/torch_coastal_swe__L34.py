"""Linearised 2-D shallow-water model of a harbour basin (PyTorch, float32).

Surface elevation and depth-averaged velocities are stepped with a forward-backward scheme on
a staggered grid; bottom friction varies across the basin from a bathymetry-derived
coefficient map, and an incident swell enters through the open boundary.  Prints a checksum
of the final elevation field and the logged maxima.
"""
import numpy as np
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def friction_map(ny, nx, base=0.002):
    depth = np.linspace(2.0, 25.0, nx + 1)[None, :] * np.ones((ny, 1))
    return torch.from_numpy(base * 10.0 / depth).float().to(device)


class Basin:
    def __init__(self, ny, nx, dt=0.05, dx=1.0, g=9.81, h=10.0):
        self.dt, self.dx, self.g, self.h = dt, dx, g, h
        self.eta = torch.zeros(ny, nx, device=device)
        self.u = torch.zeros(ny, nx + 1, device=device)
        self.v = torch.zeros(ny + 1, nx, device=device)
        self.cf = friction_map(ny, nx)
        self.maxima = []

    def boundary(self, t):
        self.eta[:, 0] = 0.3 * np.sin(0.2 * t)

    def step(self, t):
        dt, dx, g, h = self.dt, self.dx, self.g, self.h
        self.boundary(t)
        self.u = self.u * (1.0 - dt * self.cf)
        self.u[:, 1:-1] -= g * dt / dx * (self.eta[:, 1:] - self.eta[:, :-1])
        self.v[1:-1, :] -= g * dt / dx * (self.eta[1:, :] - self.eta[:-1, :])
        self.eta = self.eta - h * dt / dx * (
            self.u[:, 1:] - self.u[:, :-1] + self.v[1:, :] - self.v[:-1, :]
        )
        if t % 100 == 0:
            self.maxima.append(self.eta.abs().max().item())


def main():
    torch.manual_seed(0)
    basin = Basin(ny=640, nx=640)
    for t in range(350):
        basin.step(t)
    print("result:", round(float(basin.eta.double().sum()) + sum(basin.maxima), 6))


if __name__ == "__main__":
    main()
