# ruff: noqa
"""End-of-day risk monitor for a book of equity positions: simulates daily returns with a
factor model, marks the book to market, keeps a gross/net exposure history and prints the
worst drawdown and the fee-adjusted P&L."""

import numpy as np


class RiskMonitor:
    """Holds the book and the limits; `update` is called once per simulated day."""

    def __init__(self, positions, prices, fee_schedule):
        self.positions = positions
        self.prices = prices
        self.fee_schedule = fee_schedule  # bps per tier
        self.gross_history = []
        self.net_history = []

    def exposures(self):
        notional = self.positions * self.prices
        gross = sum(np.abs(notional))
        net = notional.sum()
        return gross, net

    def fees(self, traded):
        # blended rate over the tiers
        rate = sum(self.fee_schedule) / len(self.fee_schedule) * 1e-4
        return rate * traded

    def update(self, returns, rebalance):
        self.prices = self.prices * (1.0 + returns)
        self.positions = self.positions + rebalance
        gross, net = self.exposures()
        self.gross_history.append(gross)
        self.net_history.append(net)
        return self.fees(np.abs(rebalance * self.prices).sum())


rng = np.random.default_rng(11)
n_assets, n_days, n_factors = 3000, 12000, 8
loadings = rng.normal(0.0, 1.0, size=(n_assets, n_factors))
monitor = RiskMonitor(
    positions=rng.integers(-500, 500, size=n_assets).astype(float),
    prices=rng.uniform(5.0, 200.0, size=n_assets),
    fee_schedule=[1.5, 1.0, 0.8, 0.5],
)
total_fees = 0.0
for day in range(n_days):
    factor_ret = rng.normal(0.0, 0.004, size=n_factors)
    returns = loadings @ factor_ret + rng.normal(0.0, 0.01, size=n_assets)
    rebalance = np.where(rng.random(n_assets) < 0.02, rng.integers(-50, 50, n_assets), 0)
    total_fees += monitor.fees(0.0) + monitor.update(returns, rebalance)

net = np.array(monitor.net_history)
peak = np.maximum.accumulate(net)
drawdown = (peak - net).max()
print(f"max gross {max(monitor.gross_history):.4e}, worst drawdown {drawdown:.4e}")
print(f"fees {total_fees:.2f}")
print(f"result: {drawdown + total_fees + sum(monitor.gross_history[-5:]):.10e}")
