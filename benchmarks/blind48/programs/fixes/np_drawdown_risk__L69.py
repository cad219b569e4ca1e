# ruff: noqa
"""Risk report for a book of trading strategies: regime-switching daily returns, bootstrap
scenarios of each strategy's year, historical value-at-risk and expected shortfall, and the
distribution of maximum drawdowns across scenarios."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Strategy:
    name: str
    mu: float
    vol: float

    def simulate(self, rng, n_days):
        regime = rng.random(n_days) < 0.1
        scale = np.where(regime, 2.5 * self.vol, self.vol)
        return self.mu + scale * rng.standard_normal(n_days)


def max_drawdown(equity):
    peak = equity[0]
    worst = 0.0
    for v in equity:
        if v > peak:
            peak = v
        dd = (peak - v) / peak
        if dd > worst:
            worst = dd
    return worst


class RiskEngine:
    def __init__(self, strategies, history, rng):
        self.strategies = strategies
        self.history = history
        self.rng = rng

    def bootstrap(self, n_scen, horizon):
        idx = self.rng.integers(0, self.history.shape[1], size=(n_scen, horizon))
        return self.history[:, idx]

    def var_es(self, pnl, alpha=0.99):
        q = np.quantile(pnl, 1 - alpha, axis=-1)
        tail = np.where(pnl <= q[..., None], pnl, np.nan)
        return -q, -np.nanmean(tail, axis=-1)

    def report(self, n_scen, horizon):
        scen = self.bootstrap(n_scen, horizon)
        equity = np.cumprod(1.0 + scen, axis=-1)
        drawdowns = np.empty((len(self.strategies), n_scen))
        for k in range(len(self.strategies)):
            for s in range(n_scen):
                drawdowns[k, s] = max_drawdown(equity[k, s])
        var, es = self.var_es(equity[..., -1] - 1.0)
        return drawdowns, var, es


rng = np.random.default_rng(11)
book = [Strategy("carry", 3e-4, 0.006), Strategy("momentum", 4e-4, 0.011),
        Strategy("value", 2e-4, 0.008), Strategy("vol-sell", 5e-4, 0.004),
        Strategy("macro", 1e-4, 0.009), Strategy("stat-arb", 2e-4, 0.003)]
history = np.stack([s.simulate(rng, 5000) for s in book])
engine = RiskEngine(book, history, rng)
total = 0.0
for block in range(4):
    dd, var, es = engine.report(2500, 252)
    total += var.sum()
    rolling = np.lib.stride_tricks.sliding_window_view(history, 63, axis=1).std(axis=-1)
    total += dd.mean() + es.sum() + rolling.mean()
print(f"median drawdown {np.median(dd):.4f}, worst VaR {var.max():.4f}")
print(f"result: {total:.10e}")
