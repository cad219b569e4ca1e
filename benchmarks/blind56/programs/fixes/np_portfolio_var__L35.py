# ruff: noqa
"""Monte Carlo value-at-risk of a multi-asset book: daily returns drawn from a factor-model
covariance, an inverse-volatility book rebalanced each day towards its target, and the 99%
value-at-risk and expected shortfall of the simulated daily losses."""
from dataclasses import dataclass
from functools import partial

import numpy as np


@dataclass
class RiskModel:
    mu: np.ndarray
    cov: np.ndarray

    @property
    def factor(self):
        return np.linalg.cholesky(self.cov)

    @classmethod
    def from_factors(cls, rng, n_assets, n_factors):
        loadings = rng.normal(0.0, 0.01, size=(n_assets, n_factors))
        idio = rng.uniform(0.005, 0.02, size=n_assets) ** 2
        mu = rng.normal(0.0003, 0.0002, size=n_assets)
        return cls(mu=mu, cov=loadings @ loadings.T + np.diag(idio))


def simulate_day(model, weights, rng, n_paths):
    z = rng.standard_normal((n_paths, model.mu.shape[0]))
    returns = model.mu + z @ model.factor.T
    return returns @ weights


def rebalance(weights, pnl, model, speed, vol):
    target = (1.0 / vol) / np.sum(1.0 / vol)
    drift = weights * (1.0 + 0.1 * np.tanh(pnl.mean()))
    drift = drift / drift.sum()
    return (1.0 - speed) * drift + speed * target


def run_book(model, days, rng, n_paths, step):
    n = model.mu.shape[0]
    weights = np.full(n, 1.0 / n)
    losses = np.empty((days, n_paths))
    for d in range(days):
        pnl = simulate_day(model, weights, rng, n_paths)
        losses[d] = -pnl
        weights = step(weights, pnl)
    return losses, weights


def var_es(losses, level=0.99):
    flat = np.sort(losses.ravel())
    cut = int(level * flat.shape[0])
    return flat[cut], flat[cut:].mean()


rng = np.random.default_rng(5)
model = RiskModel.from_factors(rng, 400, 12)
losses, weights = run_book(model, 800, rng, 160, partial(rebalance, model=model, speed=0.2, vol=np.sqrt(np.diag(model.cov))))
var, es = var_es(losses)
print(f"99% VaR {var:.6f}  ES {es:.6f}  top weight {weights.max():.5f}")
print(f"result: {var + es + weights @ model.mu:.10e}")
