# ruff: noqa
"""Backtest of a day-ahead power spread strategy over four years of simulated quarter-hourly prices for several
trading hubs: a grid of (lookback, z-threshold) mean-reversion rules, each scored by its total
P&L and its maximum drawdown; prints the best rule per hub."""
import itertools

import numpy as np


def rolling_mean(x, n):
    c = np.cumsum(np.concatenate([[0.0], x]))
    m = (c[n:] - c[:-n]) / n
    return np.concatenate([np.full(n - 1, m[0]), m])


def simulate_prices(rng, n, base, vol):
    shocks = rng.standard_normal(n) * vol
    spikes = (rng.random(n) < 0.002) * rng.exponential(80.0, n)
    daily = 12.0 * np.sin(2 * np.pi * np.arange(n) / 96.0)
    walk = np.cumsum(shocks) * 0.05
    return base + daily + walk + spikes


class Backtest:
    def __init__(self, prices, fee=0.05):
        self.prices = prices
        self.fee = fee

    def signals(self, lookback, z):
        mean = rolling_mean(self.prices, lookback)
        sq = rolling_mean(self.prices ** 2, lookback)
        sd = np.sqrt(np.maximum(sq - mean ** 2, 1e-9))
        score = (self.prices - mean) / sd
        return -np.sign(score) * (np.abs(score) > z)

    @staticmethod
    def running_peak(equity):
        return np.maximum.accumulate(equity)

    def evaluate(self, lookback, z):
        pos = self.signals(lookback, z)
        pnl = pos[:-1] * np.diff(self.prices) - self.fee * np.abs(np.diff(pos))
        equity = np.cumsum(pnl)
        drawdown = self.running_peak(equity) - equity
        return equity[-1], drawdown.max()


rng = np.random.default_rng(21)
hubs = {"NP15": (45.0, 3.0), "SP15": (48.0, 3.5), "PJM-W": (52.0, 4.0), "ERCOT-N": (40.0, 6.0), "MISO-IL": (38.0, 2.5)}
grid = list(itertools.product((96, 192, 288, 384, 672), (1.0, 1.5, 2.0, 2.5)))
total = 0.0
for hub, (base, vol) in hubs.items():
    bt = Backtest(simulate_prices(rng, 4 * 4 * 8760, base, vol))
    results = {(lb, z): bt.evaluate(lb, z) for lb, z in grid}
    best = max(results, key=lambda k: results[k][0] / (1.0 + results[k][1]))
    pnl, dd = results[best]
    total += sum(p - 0.5 * d for p, d in results.values())
    print(f"{hub}: best lookback {best[0] // 4} h, z {best[1]}: pnl {pnl:.1f}, max drawdown {dd:.1f}")
print(f"result: {total:.10e}")
