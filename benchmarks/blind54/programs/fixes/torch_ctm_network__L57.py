# ruff: noqa
"""Cell transmission model of a motorway network: densities on every cell, sending and receiving
flows from a triangular fundamental diagram with per-cell free-flow speeds and capacities,
on-ramp demand that follows a morning peak, and the total travel time reported."""
import math

import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class Network:
    def __init__(self, n_cells, seed):
        g = torch.Generator().manual_seed(seed)
        self.n = n_cells
        speeds = 80.0 + 40.0 * torch.rand(n_cells, generator=g)
        self.free_speed = [round(float(s), 1) for s in speeds]
        self.capacity = (1800.0 + 600.0 * torch.rand(n_cells, generator=g)).to(device)
        self.jam_density = torch.full((n_cells,), 180.0, device=device)
        self.ramps = torch.randperm(n_cells, generator=g)[: n_cells // 20].to(device)
        self.length = 0.5


class Simulator:
    def __init__(self, net, dt_h=5.0 / 3600, wave_speed=20.0):
        self.net = net
        self.dt = dt_h
        self.w = wave_speed
        self.rho = torch.full((net.n,), 20.0, device=device)

    def ramp_demand(self, t):
        peak = math.exp(-(((t - 0.6) / 0.25) ** 2))
        return 300.0 + 900.0 * peak

    def step(self, t):
        net = self.net
        vf = torch.tensor(net.free_speed, device=device)
        send = torch.minimum(vf * self.rho, net.capacity)
        recv = torch.minimum(net.capacity, self.w * (net.jam_density - self.rho))
        flow = torch.minimum(send, torch.roll(recv, -1))
        inflow = torch.roll(flow, 1)
        inflow[net.ramps] += self.ramp_demand(t)
        self.rho = torch.clamp(self.rho + self.dt / net.length * (inflow - flow), min=0.0)
        return self.rho.sum() * net.length * self.dt


net = Network(12000, seed=1)
sim = Simulator(net)
hours = 1.2
n_steps = int(hours / sim.dt)
total = torch.zeros((), device=device)
t = 0.0
log = []
for k in range(n_steps):
    total += sim.step(t)
    t += sim.dt
    if k % 180 == 0:
        log.append((t, sim.rho.mean()))
for t_k, m in log:
    print(f"t={t_k:.2f} h mean density {float(m):.2f} veh/km")
tt = float(total)
print(f"total travel time {tt:.1f} veh-h")
print(f"result: {tt + float(sim.rho.sum()):.10e}")
