# ruff: noqa
"""Backtest of a momentum rebalancing strategy over a synthetic universe of stocks: each day the
portfolio is rebalanced towards the assets with the best trailing return, and a recorder callback
keeps the daily weights and equity for the final report (turnover, drawdown, Sharpe ratio)."""
import numpy as np


class Recorder:
    def __init__(self, n_assets):
        self.weights = np.empty((0, n_assets))
        self.equity = []

    def __call__(self, day, weights, value):
        self.weights = np.vstack([self.weights, weights])
        self.equity.append(value)


def target_weights(window_returns, top):
    score = window_returns.sum(axis=0)
    order = np.argsort(score)[::-1][:top]
    w = np.zeros(window_returns.shape[1])
    w[order] = 1.0 / top
    return w


def backtest(returns, lookback, top, on_day):
    n_days, n_assets = returns.shape
    w = np.full(n_assets, 1.0 / n_assets)
    value = 1.0
    for day in range(lookback, n_days):
        value *= 1.0 + float(w @ returns[day])
        new_w = target_weights(returns[day - lookback:day], top)
        w = 0.9 * w + 0.1 * new_w
        on_day(day, w, value)
    return value


rng = np.random.default_rng(3)
n_days, n_assets = 6000, 300
drift = rng.normal(0.0002, 0.0004, n_assets)
returns = drift + 0.01 * rng.standard_normal((n_days, n_assets))
rec = Recorder(n_assets)
final = backtest(returns, lookback=20, top=30, on_day=rec)
equity = np.array(rec.equity)
peak = np.maximum.accumulate(equity)
drawdown = (1 - equity / peak).max()
turnover = np.abs(np.diff(rec.weights, axis=0)).sum(axis=1).mean()
summary = np.concatenate([[final], [drawdown], [turnover]])
daily = np.diff(np.log(equity))
sharpe = daily.mean() / daily.std() * np.sqrt(252)
print(f"final {final:.4f}, max drawdown {drawdown:.3f}, turnover {turnover:.4f}, sharpe {sharpe:.2f}")
print(f"result: {summary.sum() + sharpe + rec.weights.sum():.10e}")
