# ruff: noqa
"""Monte Carlo revenue simulation for a hotel group: correlated daily demand shocks across
rate segments, a booking limit per segment, a simple price-update rule driven by the sell-through,
and a revenue report per segment at the end of the horizon."""
import numpy as np


class Market:
    def __init__(self, n_seg, rng):
        base = rng.standard_normal((n_seg, n_seg)) / np.sqrt(n_seg)
        self.cov = base @ base.T + 0.5 * np.eye(n_seg)
        self.mean = rng.uniform(5.0, 40.0, n_seg)
        self.elasticity = rng.uniform(0.8, 2.5, n_seg)
        self.mix = np.array([0.45, 0.30, 0.15, 0.10])

    @property
    def shock_factor(self):
        return np.linalg.cholesky(self.cov)


class RevenueSimulator:
    def __init__(self, market, prices, capacity, n_scen, rng):
        self.m = market
        self.prices = prices.copy()
        self.ref = prices.copy()
        self.capacity = capacity
        self.n_scen = n_scen
        self.rng = rng

    def demand(self):
        z = self.rng.standard_normal((self.n_scen, self.m.mean.size))
        shocks = z @ self.m.shock_factor.T
        scale = (self.prices / self.ref) ** (-self.m.elasticity)
        return np.maximum(self.m.mean * scale + 3.0 * shocks, 0.0)

    def day(self):
        d = self.demand()
        sold = np.minimum(d, self.capacity)
        fill = sold.mean(axis=0) / self.capacity
        self.prices *= np.where(fill > 0.9, 1.02, np.where(fill < 0.6, 0.99, 1.0))
        by_channel = self.m.mix * (sold @ self.prices).mean()
        return sold.mean(axis=0) * self.prices, by_channel


rng = np.random.default_rng(5)
n_seg = 160
market = Market(n_seg, rng)
sim = RevenueSimulator(market, rng.uniform(80.0, 400.0, n_seg), rng.uniform(10.0, 45.0, n_seg), 24, rng)
revenue = np.zeros(n_seg)
channels = np.zeros(4)
for day in range(12000):
    r, c = sim.day()
    revenue += r
    channels += c
top = np.argsort(revenue)[::-1][:3]
print("top segments:", top.tolist(), "channel split:", np.round(channels / channels.sum(), 3).tolist())
print(f"result: {revenue.sum() + channels.sum() * 1e-3 + sim.prices.sum():.10e}")
