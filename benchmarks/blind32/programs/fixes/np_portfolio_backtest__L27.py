# ruff: noqa
"""Daily backtest of a mean-variance portfolio: synthetic correlated returns for 120 assets, a
rebalancing strategy passed in as a callback, transaction costs, and a summary of the equity
curve."""
from dataclasses import dataclass, field
from functools import partial

import numpy as np


@dataclass
class Market:
    returns: np.ndarray
    cov: np.ndarray
    names: list = field(default_factory=list)


def make_market(n_days, n_assets, rng):
    f = rng.normal(size=(n_assets, 6))
    cov = 1e-4 * (f @ f.T + np.eye(n_assets))
    chol = np.linalg.cholesky(cov)
    rets = 2e-4 + rng.normal(size=(n_days, n_assets)) @ chol.T
    return Market(rets, cov, [f"A{i:03d}" for i in range(n_assets)])


def min_variance_target(signal, prec, risk_aversion):
    raw = prec @ (signal / risk_aversion)
    gross = np.abs(raw).sum()
    return raw / gross if gross > 0 else raw


def backtest(market, strategy, cost_bp=5.0, lookback=20):
    n_days, n = market.returns.shape
    w = np.full(n, 1.0 / n)
    equity = [1.0]
    turnover = 0.0
    for t in range(lookback, n_days):
        window = market.returns[t - lookback:t]
        signal = window.mean(axis=0)
        target = strategy(signal)
        trade = np.abs(target - w).sum()
        turnover += trade
        w = target
        pnl = float(w @ market.returns[t]) - cost_bp * 1e-4 * trade
        equity.append(equity[-1] * (1.0 + pnl))
        recent = equity[-5:]
        if max(recent) > 10.0:
            break
    return np.array(equity), turnover


rng = np.random.default_rng(11)
market = make_market(3900, 180, rng)
strategy = partial(min_variance_target, prec=np.linalg.inv(market.cov), risk_aversion=3.0)
equity, turnover = backtest(market, strategy)
dd = 1.0 - equity / np.maximum.accumulate(equity)
print(f"final equity {equity[-1]:.4f}, max drawdown {dd.max():.4f}, turnover {turnover:.2f}")
print(f"result: {equity.sum() + turnover:.10e}")
