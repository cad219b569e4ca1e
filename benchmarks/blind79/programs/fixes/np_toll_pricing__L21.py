# ruff: noqa
"""Congestion pricing for a toll-road network: routes share links, travel times follow a BPR
curve, drivers shift between routes by a logit rule, and the operator adjusts the link tolls by
a smoothed gradient step until the link flows stop changing (or an iteration cap is hit)."""
from dataclasses import dataclass

import functools

import numpy as np


@dataclass
class Network:
    incidence: np.ndarray   # routes x links
    free_time: np.ndarray
    capacity: np.ndarray
    demand: np.ndarray      # per route, vehicles / h
    smoothing: float = 4.0

    @functools.cached_property
    def kernel(self):
        a = self.incidence
        return np.linalg.inv(a.T @ a + self.smoothing * np.eye(a.shape[1]))


def build_network(rng, n_routes=900, n_links=420):
    inc = (rng.random((n_routes, n_links)) < 0.02).astype(float)
    inc[np.arange(n_routes), rng.integers(0, n_links, n_routes)] = 1.0
    free = rng.uniform(0.5, 4.0, n_links)
    cap = rng.uniform(800.0, 2400.0, n_links)
    demand = rng.uniform(50.0, 400.0, n_routes)
    return Network(inc, free, cap, demand)


def bpr(flow, net):
    return net.free_time * (1.0 + 0.15 * (flow / net.capacity) ** 4)


class TollOperator:
    def __init__(self, net, step=0.002, theta=0.6):
        self.net = net
        self.step = step
        self.theta = theta
        self.tolls = np.zeros(net.incidence.shape[1])

    def route_costs(self, flow):
        return self.net.incidence @ (bpr(flow, self.net) + self.tolls)

    def assign(self, costs):
        w = np.exp(-self.theta * (costs - costs.min()))
        share = w / w.mean()
        return self.net.incidence.T @ (self.net.demand * np.minimum(share, 3.0))

    def update(self, flow):
        excess = flow / self.net.capacity - 0.9
        self.tolls = np.maximum(0.0, self.tolls + self.step * (self.net.kernel @ excess) * 100.0)


def equilibrate(op, tol=1e-7, max_iter=240):
    flow = np.zeros(op.net.incidence.shape[1])
    it = 0
    change = np.inf
    while change > tol and it < max_iter:
        prev = flow.copy()
        flow = 0.7 * flow + 0.3 * op.assign(op.route_costs(flow))
        op.update(flow)
        change = np.abs(flow - prev).max() / (prev.max() + 1.0)
        it += 1
    return flow, it


rng = np.random.default_rng(3)
net = build_network(rng)
op = TollOperator(net)
flow, iters = equilibrate(op)
revenue = float(op.tolls @ flow)
print(f"iterations: {iters}, mean toll: {op.tolls.mean():.4f}, revenue: {revenue:.2f}")
print(f"result: {revenue + flow.sum() + op.tolls.sum():.10e}")
