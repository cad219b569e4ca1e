# ruff: noqa
"""Backtest of a cross-sectional momentum strategy on simulated daily prices, for three lookback
windows: each day the strategy ranks the stocks by trailing return over volatility, holds the
top decile long and the bottom decile short; the script reports the Sharpe ratio of each
window and of its loss-capped returns."""

import numpy as np


class MomentumStrategy:
    def __init__(self, prices, lookback):
        self.prices = prices
        self.lookback = lookback

    def weights(self, day):
        window = self.prices[day - self.lookback : day]
        ret = window[-1] / window[0] - 1.0
        vol = np.abs(np.diff(np.log(window[-21:]), axis=0)).mean(axis=0) + 1e-6
        score = ret / vol
        order = np.argsort(score)
        n = len(score) // 10
        w = np.zeros(len(score))
        w[order[-n:]] = 1.0 / n
        w[order[:n]] = -1.0 / n
        return w


def sharpe(pnl):
    return pnl.mean() / pnl.std() * np.sqrt(252)


rng = np.random.default_rng(21)
n_days, n_stocks = 12000, 700
drift = rng.normal(0.0003, 0.0002, n_stocks)
daily = rng.normal(drift, 0.015, (n_days, n_stocks))
prices = 50.0 * np.exp(np.cumsum(daily, axis=0))

results = []
for lookback in (126, 189, 252):
    strategy = MomentumStrategy(prices, lookback)
    pnl = []
    for day in range(252, n_days - 1):
        w = strategy.weights(day)
        pnl.append(float(w @ (prices[day + 1] / prices[day] - 1.0)))
    pnl = np.array(pnl)
    capped = pnl.copy()
    capped[capped < -0.01] = -0.01
    results.append((sharpe(pnl), sharpe(capped), float(np.abs(pnl).sum())))

print(
    "Sharpe (raw, loss-capped) by lookback:",
    [(round(float(a), 3), round(float(b), 3)) for a, b, _ in results],
)
print(f"result: {float(sum(a + b + c for a, b, c in results)):.10e}")
