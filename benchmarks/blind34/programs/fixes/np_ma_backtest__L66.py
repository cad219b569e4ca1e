# ruff: noqa
"""Grid backtest of a moving-average crossover strategy on simulated daily prices for a basket of
assets: positions from the sign of fast minus slow average, daily P&L net of trading costs,
Sharpe ratio and maximum drawdown of each (fast, slow) setting, and a summary of the best."""
from dataclasses import dataclass
import itertools

import numpy as np


@dataclass
class Result:
    fast: int
    slow: int
    sharpe: float
    max_dd: float


class Backtest:
    def __init__(self, prices, cost=0.0005):
        self.prices = prices
        self.log_ret = np.diff(np.log(prices), axis=0)
        self.cost = cost

    @staticmethod
    def moving_average(x, n):
        c = np.cumsum(x, axis=0)
        out = np.empty_like(x)
        out[:n] = c[:n] / np.arange(1, n + 1)[:, None]
        out[n:] = (c[n:] - c[:-n]) / n
        return out

    @staticmethod
    def max_drawdown(equity):
        peak = equity[0]
        worst = 0.0
        for v in equity:
            if v > peak:
                peak = v
            dd = (peak - v) / peak
            if dd > worst:
                worst = dd
        return float(worst)

    def run(self, fast, slow):
        signal = np.sign(self.moving_average(self.prices, fast) - self.moving_average(self.prices, slow))
        pos = signal[:-1]
        turnover = np.abs(np.diff(pos, axis=0, prepend=0.0))
        pnl = (pos * self.log_ret - self.cost * turnover).mean(axis=1)
        equity = np.exp(np.cumsum(pnl))
        sharpe = float(pnl.mean() / pnl.std() * np.sqrt(252))
        return Result(fast, slow, sharpe, self.max_drawdown(equity))


rng = np.random.default_rng(11)
n_days, n_assets = 30000, 6
drift = rng.normal(0.0002, 0.0003, size=n_assets)
shocks = rng.standard_t(4, size=(n_days, n_assets)) * 0.012
prices = 100.0 * np.exp(np.cumsum(drift + shocks, axis=0))

bt = Backtest(prices)
grid = list(itertools.product(range(3, 33, 2), range(40, 200, 10)))
results = {(f, s): bt.run(f, s) for f, s in grid}

best = max(results, key=lambda k: results[k].sharpe)
mean_dd = float(np.fromiter((r.max_dd for r in results.values()), float).mean())
print(f"{len(results)} settings, best {best}: sharpe {results[best].sharpe:.3f}, "
      f"max drawdown {results[best].max_dd:.3f}, mean drawdown {mean_dd:.4f}")
check = sum(r.sharpe * 1e-3 + r.max_dd for r in results.values())
print(f"result: {check:.10e}")
