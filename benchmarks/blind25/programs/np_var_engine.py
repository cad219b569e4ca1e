"""Daily Monte Carlo value-at-risk for a portfolio of 96 assets: correlated float32 return
scenarios from a Cholesky factor, portfolio P&L per scenario, the 1% quantile per day, and an
average VaR over the backtest window."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class RiskModel:
    chol_t: np.ndarray
    weights: np.ndarray
    horizon_days: int
    rng: np.random.Generator = field(repr=False)

    def __post_init__(self):
        self.horizon_scale = np.sqrt(self.horizon_days / 252.0)

    def scenarios(self, n):
        z = self.rng.standard_normal((n, self.chol_t.shape[0]), dtype=np.float32)
        z = z * self.horizon_scale
        return z @ self.chol_t

    def var(self, n, level=0.01):
        pnl = self.scenarios(n) @ self.weights
        return -np.quantile(pnl, level)


def build(n_assets, rng):
    a = rng.normal(size=(n_assets, n_assets)).astype(np.float32) / n_assets
    cov = (a @ a.T + np.diag(rng.uniform(0.5, 1.5, n_assets))).astype(np.float32)
    chol = np.linalg.cholesky(cov).astype(np.float32)
    w = rng.dirichlet(np.ones(n_assets)).astype(np.float32)
    return chol.T.copy(), w


def main():
    rng = np.random.default_rng(3)
    chol_t, w = build(96, rng)
    model = RiskModel(chol_t, w, 10, rng)
    var_hist = []
    for day in range(60):
        var_hist.append(model.var(30_000))
        if day % 20 == 19:
            model.weights = (0.9 * model.weights + 0.1 / len(w)).astype(np.float32)
    avg = np.asarray(var_hist, dtype=np.float64).mean()
    print("result:", round(float(avg), 9))


if __name__ == "__main__":
    main()
