"""Risk report for a book of simulated strategies: returns, volatility and maximum drawdown.

Minute returns for a book of strategies are simulated with regime switches; a RiskReport dataclass
holds the arrays and computes annualised return, volatility, the equity curve and each
strategy's maximum drawdown. The result sums the metrics over the book.
"""
from dataclasses import dataclass, field

import numpy as np


def simulate_returns(n_strats, n_days, seed):
    rng = np.random.default_rng(seed)
    regime = (rng.random((n_days, 1)) < 0.1).cumsum(axis=0) % 2
    mu = np.where(regime == 1, -0.0004, 0.0006)
    sigma = np.where(regime == 1, 0.02, 0.01)
    return mu + sigma * rng.standard_normal((n_days, n_strats))


class Drawdown:
    @staticmethod
    def running_peak(curve):
        peak = np.empty_like(curve)
        best = curve[0].copy()
        for t in range(curve.shape[0]):
            best = np.maximum(best, curve[t])
            peak[t] = best
        return peak

    @classmethod
    def maximum(cls, curve):
        peak = cls.running_peak(curve)
        return ((peak - curve) / peak).max(axis=0)


@dataclass
class RiskReport:
    returns: np.ndarray
    metrics: dict = field(default_factory=dict)

    @property
    def equity(self):
        return np.cumprod(1.0 + self.returns, axis=0)

    def compute(self):
        r = self.returns
        self.metrics["ann_return"] = r.mean(axis=0) * 252
        self.metrics["ann_vol"] = r.std(axis=0) * np.sqrt(252)
        self.metrics["sharpe"] = self.metrics["ann_return"] / self.metrics["ann_vol"]
        self.metrics["max_dd"] = Drawdown.maximum(self.equity)
        return self


def main():
    total = 0.0
    for book in range(80):
        rets = simulate_returns(20, 30000, seed=book)
        report = RiskReport(rets).compute()
        total += float(sum(np.concatenate(list(report.metrics.values())).reshape(4, -1).sum(axis=1)))
    print("result:", round(total, 8))


if __name__ == "__main__":
    main()
