"""Daily risk report for a long-only equity portfolio: a covariance model is estimated once
from two thousand days of history, then the portfolio is rebalanced each trading day on a
momentum signal, its quadratic risk is scored against the model (plus trading costs), and
the riskiest days are listed."""
import numpy as np


class RiskModel:
    def __init__(self, returns, shrink=1e-3):
        self.mean = returns.mean(axis=0)
        centered = returns - self.mean
        n_assets = returns.shape[1]
        self.cov = centered.T @ centered / (len(returns) - 1) + shrink * np.eye(n_assets)

    def risk(self, w):
        precision = np.linalg.inv(self.cov)
        return float(w @ precision @ w)


def rebalance(w, signal, step):
    w = w * np.exp(step * signal)
    return w / w.sum()


def main():
    rng = np.random.default_rng(11)
    n_assets, n_hist, n_days = 300, 2000, 1200
    returns = rng.standard_normal((n_hist, n_assets)) * 0.01
    model = RiskModel(returns)
    w = np.full(n_assets, 1.0 / n_assets)
    fees = [0.0005, 0.0002, 0.0001]
    risks = np.empty(n_days)
    for day in range(n_days):
        signal = rng.standard_normal(n_assets)
        w = rebalance(w, signal, 0.01)
        cost = (0.0005 + 0.0002 + 0.0001) * np.abs(signal).mean()
        risks[day] = model.risk(w) * 1e-4 + cost
    worst = np.argsort(risks)[-5:]
    print("riskiest days:", sorted(worst.tolist()))
    print(f"result: {risks.sum():.10e}")


main()
