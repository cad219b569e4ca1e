# ruff: noqa
"""Intraday risk monitor for a book of positions: prices follow a correlated random walk, and at
every tick a monitor object marks the book to market, tracks gross exposure and the largest
drawdown of the net value. Prints the worst drawdown and a checksum."""

import numpy as np


class RiskMonitor:
    def __init__(self, positions, limits):
        self.positions = positions
        self.limits = limits
        self.peak = -np.inf
        self.worst_drawdown = 0.0
        self.gross_history = []

    def update(self, prices):
        exposure = self.positions * prices
        # gross exposure of the whole book
        gross = sum(np.abs(exposure))
        net = float(exposure.sum())
        self.peak = max(self.peak, net)
        self.worst_drawdown = max(self.worst_drawdown, self.peak - net)
        # headroom against the five desk limits
        headroom = sum([lim - gross for lim in self.limits])
        self.gross_history.append(gross)
        return headroom


rng = np.random.default_rng(11)
n_assets, n_ticks = 20000, 2500
positions = rng.integers(-500, 500, n_assets).astype(np.float64)
prices = 50.0 + 10.0 * rng.random(n_assets)
monitor = RiskMonitor(positions, limits=[2e8, 3e8, 4e8, 5e8, 6e8])
market = 0.0005 * rng.standard_normal(n_ticks)
total_headroom = 0.0
for tick in range(n_ticks):
    shocks = market[tick] + 0.001 * rng.standard_normal(n_assets)
    prices = prices * np.exp(shocks)
    total_headroom += monitor.update(prices)
print(f"worst drawdown {monitor.worst_drawdown:.2f}")
print(
    f"result: {monitor.worst_drawdown + total_headroom * 1e-9 + sum(monitor.gross_history) * 1e-9:.8e}"
)
