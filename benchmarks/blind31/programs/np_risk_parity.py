# ruff: noqa
"""Risk-parity portfolio: estimates a shrunk covariance matrix of synthetic daily returns for a
universe of assets, then finds weights whose risk contributions are equal with a damped
Newton-like fixed-point iteration (run until the weights stop moving), for a series of
rebalancing dates with different risk budgets."""
import numpy as np


class CovarianceModel:
    def __init__(self, returns, shrinkage=0.1):
        sample = np.cov(returns, rowvar=False)
        target = np.diag(np.diag(sample))
        self.cov = (1 - shrinkage) * sample + shrinkage * target
        self.n = self.cov.shape[0]

    @property
    def precision(self):
        return np.linalg.inv(self.cov)

    def risk_contributions(self, w):
        marginal = self.cov @ w
        return w * marginal / np.sqrt(w @ marginal)


def solve_risk_parity(model, budget, tol=1e-12, max_iter=2000):
    y = budget / np.sqrt(budget @ model.cov @ budget)
    it = 0
    while it < max_iter:
        grad = model.cov @ y - budget / y
        step = model.precision @ grad
        y_new = np.maximum(y - 0.05 * step, 0.5 * y)
        if np.abs(y_new - y).max() < tol * np.abs(y).max():
            y = y_new
            break
        y = y_new
        it += 1
    w = y / y.sum()
    return w, it


rng = np.random.default_rng(11)
n_assets, n_days = 200, 1000
factors = rng.normal(size=(n_days, 8))
loadings = rng.normal(scale=0.3, size=(8, n_assets))
returns = factors @ loadings * 0.01 + rng.normal(scale=0.01, size=(n_days, n_assets))
model = CovarianceModel(returns)

total = 0.0
iters = []
for k in range(8):
    budget = 1.0 + 0.2 * np.sin(np.arange(n_assets) * (k + 1) / 17.0)
    w, it = solve_risk_parity(model, budget)
    iters.append(it)
    spread = np.ptp(model.risk_contributions(w) / budget)
    total += float(w @ np.arange(n_assets)) + spread
print("iterations per date:", iters)
print("result:", "%.10e" % total)
