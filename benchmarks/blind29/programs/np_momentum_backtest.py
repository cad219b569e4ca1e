# ruff: noqa
"""Grid search over a moving-average crossover strategy on synthetic hourly prices for a
basket of assets: positions from the fast/slow averages, daily P&L with transaction costs,
and for each setting the Sharpe ratio and maximum drawdown of the equity curve."""
import itertools
import numpy as np
from dataclasses import dataclass


@dataclass
class Result:
    fast: int
    slow: int
    sharpe: float
    drawdown: float


def moving_average(x, n):
    c = np.cumsum(np.insert(x, 0, 0.0, axis=0), axis=0)
    out = np.full_like(x, np.nan)
    out[n - 1:] = (c[n:] - c[:-n]) / n
    return out


class Backtest:
    def __init__(self, prices, cost=5e-4):
        self.prices = prices.copy()
        self.returns = np.diff(np.log(prices), axis=0)
        self.cost = cost

    @staticmethod
    def max_drawdown(equity):
        peak = equity[0]
        worst = 0.0
        k = 0
        while k < len(equity):
            if equity[k] > peak:
                peak = equity[k]
            dd = (peak - equity[k]) / peak
            if dd > worst:
                worst = dd
            k += 1
        return worst

    def run(self, fast, slow):
        fa = moving_average(self.prices, fast)
        sl = moving_average(self.prices, slow)
        pos = np.nan_to_num(np.sign(fa - sl))[:-1]
        turnover = np.abs(np.diff(pos, axis=0, prepend=0.0)).sum(axis=1)
        pnl = (pos * self.returns).mean(axis=1) - self.cost * turnover
        equity = np.exp(np.cumsum(pnl))
        sharpe = pnl.mean() / (pnl.std() + 1e-12) * np.sqrt(252 * 7)
        return Result(fast, slow, float(sharpe), float(self.max_drawdown(equity)))


rng = np.random.default_rng(8)
n_days, n_assets = 16000, 12
drift = rng.normal(3e-5, 5e-5, size=n_assets)
vol = rng.uniform(0.004, 0.012, size=n_assets)
prices = 100 * np.exp(np.cumsum(drift + vol * rng.standard_normal((n_days, n_assets)), axis=0))
bt = Backtest(prices)
grid = [(f, s) for f, s in itertools.product(range(5, 60, 5), range(20, 300, 10)) if f < s]
results = list(map(lambda fs: bt.run(*fs), grid))
best = max(results, key=lambda r: r.sharpe)
print(f"{len(results)} settings, best fast={best.fast} slow={best.slow} "
      f"sharpe={best.sharpe:.3f} drawdown={best.drawdown:.3f}")
print("result:", f"{sum(r.sharpe + r.drawdown for r in results):.10e}")
