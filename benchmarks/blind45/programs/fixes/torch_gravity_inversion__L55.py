# ruff: noqa
"""Inversion of a gravity survey for subsurface density contrast: a linear forward operator maps
a 2-D grid of density cells to the vertical gravity anomaly at surface stations; the model is
recovered by gradient descent (Adam) on a data misfit plus a depth-weighted smoothness
regulariser, over a short schedule of regularisation weights. Prints a checksum of the recovered
model."""
import math

import numpy as np
import torch

torch.manual_seed(0)
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
G_CONST = 6.674e-3


class Mesh:
    def __init__(self, nx, nz, dx, dz):
        self.nx, self.nz, self.dx, self.dz = nx, nz, dx, dz
        xc = (np.arange(nx) + 0.5) * dx
        zc = (np.arange(nz) + 0.5) * dz
        self.xc, self.zc = np.meshgrid(xc, zc, indexing="xy")

    @property
    def n(self):
        return self.nx * self.nz


def forward_operator(mesh, stations):
    dx = stations[:, None] - mesh.xc.ravel()[None, :]
    z = mesh.zc.ravel()[None, :]
    return 2 * G_CONST * mesh.dx * mesh.dz * z / (dx ** 2 + z ** 2)


class DepthWeightedSmoothing:
    """Roughness operator on neighbouring cells, with weights that decay with depth."""

    def __init__(self, mesh, beta=1.5):
        self.n_rows = mesh.n
        nx, nz = mesh.nx, mesh.nz
        rows = []
        for k in range(nz):
            w = 1.0 / (1.0 + mesh.zc[k, 0] / 50.0) ** beta
            for i in range(nx):
                row = [0.0] * (nx * nz)
                c = k * nx + i
                row[c] = -2.0 * w
                row[k * nx + (i + 1) % nx] += w
                row[((k + 1) % nz) * nx + i] += w
                rows.append(row)
        self.table = rows
        self._matrix = torch.tensor(self.table, dtype=torch.float32, device=DEVICE)

    @property
    def matrix(self):
        return self._matrix

    def penalty(self, m):
        return torch.sum((self.matrix @ m) ** 2)


def invert(G, d_obs, reg, schedule, steps):
    m = torch.zeros(G.shape[1], device=DEVICE, requires_grad=True)
    opt = torch.optim.Adam([m], lr=0.02)
    history = []
    for lam in schedule:
        for it in range(steps):
            misfit = torch.sum((G @ m - d_obs) ** 2)
            loss = misfit + lam * reg.penalty(m)
            opt.zero_grad()
            loss.backward()
            opt.step()
            if it % 100 == 0:
                history.append(misfit.item())
    return m.detach(), history


mesh = Mesh(nx=24, nz=10, dx=20.0, dz=15.0)
stations = np.linspace(0.0, mesh.nx * mesh.dx, 60)
G = torch.tensor(forward_operator(mesh, stations), dtype=torch.float32, device=DEVICE)
true = np.zeros((mesh.nz, mesh.nx))
true[3:6, 8:13] = 0.4
true[6:9, 15:20] = -0.25
rng = np.random.default_rng(2)
d_obs = G @ torch.tensor(true.ravel(), dtype=torch.float32, device=DEVICE)
d_obs = d_obs + torch.tensor(rng.normal(0.0, 0.002, len(stations)), dtype=torch.float32, device=DEVICE)
m, history = invert(G, d_obs, DepthWeightedSmoothing(mesh), schedule=[1.0, 0.1, 0.01], steps=110)
print("misfit:", [round(h, 5) for h in history])
print(f"result: {float(m.abs().sum()) + float(m.sum()) + history[-1]:.10e}")
