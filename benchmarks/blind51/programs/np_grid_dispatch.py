# ruff: noqa
"""Hourly DC power-flow study of a synthetic transmission grid: loads follow a daily profile
with noise, three generator groups are dispatched by merit order, bus angles and line flows are
computed each hour and monitors record overloads and generation cost."""
import numpy as np


class Network:
    def __init__(self, n_bus, n_line, rng):
        frm = rng.integers(0, n_bus, size=n_line)
        to = (frm + rng.integers(1, n_bus, size=n_line)) % n_bus
        ring = np.arange(n_bus)
        frm, to = np.concatenate([ring, frm]), np.concatenate([(ring + 1) % n_bus, to])
        self.n_bus, self.n_line = n_bus, frm.size
        self.incidence = np.zeros((self.n_line, n_bus))
        self.incidence[np.arange(self.n_line), frm] = 1.0
        self.incidence[np.arange(self.n_line), to] = -1.0
        self.susceptance = rng.uniform(5.0, 20.0, size=self.n_line)
        B = self.incidence.T @ (self.susceptance[:, None] * self.incidence)
        self.B_red = B[1:, 1:]
        self.limits = rng.uniform(1.5, 4.0, size=self.n_line)


class FlowMonitor:
    def __init__(self, net):
        self.net = net
        self.overloads = 0
        self.peak = 0.0

    def __call__(self, hour, injections):
        theta = np.zeros(self.net.n_bus)
        theta[1:] = np.linalg.solve(self.net.B_red, injections[1:])
        flows = self.net.susceptance * (self.net.incidence @ theta)
        loading = np.abs(flows) / self.net.limits
        self.overloads += int(np.count_nonzero(loading > 1.0))
        self.peak = max(self.peak, float(loading.max()))


class CostMonitor:
    def __init__(self, prices):
        self.prices = prices
        self.total = 0.0

    def __call__(self, hour, injections):
        if hour % 24 != 23:
            return
        quad = np.diag([0.002, 0.004, 0.01])
        inv = np.linalg.inv(quad)
        self.total += float(self.prices @ np.minimum(inv @ self.prices, 1.0))


def dispatch(load, capacity):
    remaining = load.sum()
    out = np.zeros_like(capacity)
    for g in range(capacity.size):
        out[g] = min(capacity[g], remaining)
        remaining -= out[g]
    return out


def simulate(net, hours, monitors, rng):
    base = rng.uniform(0.2, 1.0, size=net.n_bus)
    gen_bus = np.array([0, net.n_bus // 3, 2 * net.n_bus // 3])
    capacity = np.array([0.5, 0.35, 0.4]) * base.sum() * 1.3
    for h in range(hours):
        profile = 0.75 + 0.25 * np.sin(2 * np.pi * (h % 24) / 24)
        load = base * profile * (1 + 0.05 * rng.standard_normal(net.n_bus))
        gen = dispatch(load, capacity)
        injections = -load
        injections[gen_bus] += gen
        for monitor in monitors:
            monitor(h, injections)


rng = np.random.default_rng(5)
net = Network(320, 500, rng)
flows, costs = FlowMonitor(net), CostMonitor(np.array([20.0, 35.0, 80.0]))
simulate(net, 3500, [flows, costs], rng)
print(f"overloads {flows.overloads}, peak loading {flows.peak:.3f}, cost {costs.total:.1f}")
print(f"result: {flows.overloads + flows.peak + costs.total:.10e}")
