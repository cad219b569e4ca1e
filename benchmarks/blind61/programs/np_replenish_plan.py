# ruff: noqa
"""Replenishment planning for a retail chain: Poisson daily demand per SKU with weekly
seasonality, planned purchase orders arriving on a fixed cycle, projected on-hand inventory per
SKU over two years, and stock-out days and a cumulative monthly sales report."""
import numpy as np


class DemandModel:
    def __init__(self, n_skus, rng):
        self.base = rng.uniform(2.0, 30.0, size=n_skus)
        self.weekly = np.array([0.8, 0.9, 1.0, 1.0, 1.1, 1.4, 1.3])
        self.rng = rng

    def sample(self, n_days):
        season = np.resize(self.weekly, n_days)
        return self.rng.poisson(np.outer(self.base, season))


def project_on_hand(start, receipts, demand):
    level = np.empty(len(demand), dtype=np.int64)
    level[0] = start + receipts[0] - demand[0]
    for t in range(1, len(demand)):
        level[t] = level[t - 1] + receipts[t] - demand[t]
    return level


class Planner:
    def __init__(self, demand_model, cycle=14, project=project_on_hand):
        self.model = demand_model
        self.cycle = cycle
        self.project = project

    def receipts(self, n_days):
        r = np.zeros((len(self.model.base), n_days), dtype=np.int64)
        qty = np.ceil(self.model.base * self.cycle * 1.05).astype(np.int64)
        r[:, :: self.cycle] = qty[:, None]
        return r

    def plan(self, n_days):
        demand = self.model.sample(n_days)
        receipts = self.receipts(n_days)
        start = (self.model.base * 10).astype(np.int64)
        levels = np.stack(list(map(self.project, start, receipts, demand)))
        return demand, levels


rng = np.random.default_rng(21)
planner = Planner(DemandModel(12000, rng))
demand, levels = planner.plan(730)
stockout_days = (levels < 0).sum(axis=1)
monthly = demand.sum(axis=0)[: 24 * 30].reshape(24, 30).sum(axis=1)
running = 0
cumulative = []
for m in monthly:
    running += int(m)
    cumulative.append(running)
print(f"SKUs with stock-outs: {(stockout_days > 0).sum()}, units sold: {cumulative[-1]}")
print(f"result: {float(levels.sum() + stockout_days.sum() + sum(cumulative)):.10e}")
