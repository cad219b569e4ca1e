# ruff: noqa
"""Backtest of a moving-average crossover strategy on a basket of synthetic daily prices, over a
grid of fast/slow window lengths: positions, daily P&L net of trading costs, equity curve,
Sharpe ratio and maximum drawdown per parameter pair; prints the best pair by Sharpe."""
import itertools
from dataclasses import dataclass

import numpy as np


@dataclass
class Result:
    fast: int
    slow: int
    sharpe: float
    max_dd: float
    final: float


def moving_average(x, n):
    c = np.cumsum(x, axis=0)
    out = np.empty_like(x)
    out[:n] = c[:n] / np.arange(1, n + 1)[:, None]
    out[n:] = (c[n:] - c[:-n]) / n
    return out


class Backtest:
    def __init__(self, prices, cost_bps=5.0):
        self.prices = prices
        self.rets = np.diff(np.log(prices), axis=0)
        self.cost = cost_bps * 1e-4

    def positions(self, fast, slow):
        f = moving_average(self.prices, fast)
        s = moving_average(self.prices, slow)
        return np.sign(f - s)[:-1]

    @staticmethod
    def max_drawdown(equity):
        peak = np.maximum.accumulate(equity)
        return float(max(((peak - equity) / peak).max(), 0.0))

    def run(self, fast, slow):
        pos = self.positions(fast, slow)
        turnover = np.abs(np.diff(pos, axis=0, prepend=0.0)).sum(axis=1)
        pnl = (pos * self.rets).mean(axis=1) - self.cost * turnover / pos.shape[1]
        equity = np.exp(np.cumsum(pnl))
        sharpe = pnl.mean() / pnl.std() * np.sqrt(252)
        return Result(fast, slow, float(sharpe), self.max_drawdown(equity), float(equity[-1]))


def synthetic_prices(n_days, n_assets, rng):
    drift = rng.normal(0.0002, 0.0002, size=n_assets)
    vol = rng.uniform(0.01, 0.03, size=n_assets)
    shocks = rng.standard_normal((n_days, n_assets)) * vol + drift
    regime = np.sin(np.linspace(0, 12 * np.pi, n_days))[:, None] * 0.002
    return 100.0 * np.exp(np.cumsum(shocks + regime, axis=0))


rng = np.random.default_rng(11)
prices = synthetic_prices(40000, 10, rng)
bt = Backtest(prices)
grid = [(f, s) for f, s in itertools.product(range(5, 65, 5), range(40, 240, 20)) if f < s]
results = [bt.run(f, s) for f, s in grid]
best = max(results, key=lambda r: r.sharpe)
hit = np.empty(prices.shape[1])
pos = bt.positions(best.fast, best.slow)
for j in range(prices.shape[1]):
    hit[j] = np.mean(np.sign(bt.rets[:, j]) == pos[:, j])
total_final = sum(r.final for r in results)
print(f"{len(results)} parameter pairs; best fast={best.fast} slow={best.slow} "
      f"sharpe={best.sharpe:.3f} max drawdown={best.max_dd:.3%}")
print(f"mean hit rate {hit.mean():.4f}, mean final equity {total_final / len(results):.4f}")
print(f"result: {sum(r.sharpe + r.max_dd for r in results) + hit.sum() + np.log(total_final):.10e}")
