# ruff: noqa
"""Daily mean-variance backtest of a long-short equity book: a factor signal per asset, weights
from a fixed risk model (shrunk covariance), transaction costs, and sector exposure reports."""
import numpy as np


class RiskModel:
    def __init__(self, returns, shrink=0.2):
        cov = np.cov(returns, rowvar=False)
        target = np.diag(np.diag(cov))
        self.cov = (1 - shrink) * cov + shrink * target
        self._precision = np.linalg.inv(self.cov)

    @property
    def precision(self):
        return self._precision


class Optimizer:
    def __init__(self, risk, risk_aversion=4.0, max_weight=0.05):
        self.risk = risk
        self.risk_aversion = risk_aversion
        self.max_weight = max_weight

    def weights(self, signal):
        raw = self.risk.precision @ signal / self.risk_aversion
        raw -= raw.mean()
        scale = np.abs(raw).sum()
        return np.clip(raw / scale, -self.max_weight, self.max_weight)


def backtest(n_days, n_assets, rng):
    history = rng.standard_normal((500, n_assets)) * 0.01
    opt = Optimizer(RiskModel(history))
    sectors = rng.integers(0, 4, size=n_assets)
    loadings = rng.standard_normal(n_assets)
    w = np.zeros(n_assets)
    pnl = []
    cost = 0.0
    exposures = np.zeros(4)
    for day in range(n_days):
        f = rng.standard_normal()
        ret = 0.01 * (loadings * f + rng.standard_normal(n_assets))
        signal = 0.3 * loadings * f + rng.standard_normal(n_assets) * 0.5
        new_w = opt.weights(signal)
        cost += 0.0005 * np.abs(new_w - w).sum()
        w = new_w
        pnl.append(float(w @ ret))
        if day % 50 == 0:
            for s in range(4):
                exposures[s] += w[sectors == s].sum()
    return np.array(pnl), cost, exposures


rng = np.random.default_rng(11)
pnl, cost, exposures = backtest(700, 400, rng)
sharpe = pnl.mean() / pnl.std() * np.sqrt(252)
print(f"sharpe {sharpe:.3f}, costs {cost:.4f}, exposures {np.round(exposures, 3)}")
print(f"result: {pnl.sum() + cost + exposures.sum():.10e}")
