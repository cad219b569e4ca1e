# ruff: noqa
"""Macroscopic traffic simulation of a bundle of motorway corridors with the cell transmission
model: a triangular fundamental diagram gives each cell's demand and supply, flows move
vehicles between cells, on-ramps feed in a time-varying inflow and an incident lowers one
corridor's capacity for a while. A recorder hook keeps the mean density of each corridor's two
halves at every step. Prints a checksum of the recorded densities and the total travel time."""
import math

import torch

torch.manual_seed(0)
DEVICE = "cuda" if torch.cuda.is_available() else "cpu"


class FundamentalDiagram:
    def __init__(self, v_free=1.0, w=0.35, rho_jam=1.0):
        self.v_free, self.w, self.rho_jam = v_free, w, rho_jam
        self.q_max = v_free * w * rho_jam / (v_free + w)

    def demand(self, rho, cap):
        return torch.minimum(self.v_free * rho, cap)

    def supply(self, rho, cap):
        return torch.minimum(self.w * (self.rho_jam - rho), cap)


class CorridorModel:
    def __init__(self, n_corridors, n_cells, fd):
        self.fd = fd
        self.rho = torch.rand(n_corridors, n_cells, device=DEVICE) * 0.1
        self.cap = torch.full((n_corridors, n_cells), fd.q_max, device=DEVICE)
        self.ramps = torch.zeros(n_cells, device=DEVICE)
        self.ramps[::20] = 1.0

    def step(self, t, inflow):
        rho = self.rho
        cap = self.cap.clone()
        if 600 <= t < 1400:
            cap[3, 120:124] *= 0.3
        d = self.fd.demand(rho, cap)
        s = self.fd.supply(rho, cap)
        q = torch.minimum(d[:, :-1], s[:, 1:])
        q_in = torch.minimum(inflow[:, None] * torch.ones_like(rho[:, :1]), s[:, :1])
        q_out = d[:, -1:]
        ramp = 0.02 * inflow[:, None] * self.ramps[None, :] * (1 - rho)
        self.rho = rho + torch.cat([q_in, q], dim=1) - torch.cat([q, q_out], dim=1) + ramp
        return q


class Recorder:
    def __init__(self, n_corridors):
        self.history = torch.empty(0, 2 * n_corridors, device=DEVICE)

    def on_step(self, t, model):
        halves = model.rho.view(model.rho.shape[0], 2, -1).mean(dim=2)
        self.history = torch.cat([self.history, halves.reshape(1, -1)])


def simulate(model, steps, hooks=()):
    travel = torch.zeros((), device=DEVICE)
    base = torch.linspace(0.15, 0.3, model.rho.shape[0], device=DEVICE)
    for t in range(steps):
        inflow = base * (1.0 + 0.5 * math.sin(2 * math.pi * t / 1500.0))
        model.step(t, inflow)
        travel += model.rho.sum()
        for hook in hooks:
            hook(t, model)
        if t % 1000 == 999:
            print(f"t={t + 1}: vehicles on the network {model.rho.sum():.1f}")
    return travel


model = CorridorModel(n_corridors=96, n_cells=240, fd=FundamentalDiagram())
rec = Recorder(96)
travel = simulate(model, 4000, hooks=[rec.on_step])
print(f"result: {float(rec.history.sum()) + float(travel) * 1e-3:.10e}")
