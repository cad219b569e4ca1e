"""Daily mean-variance backtest of a long-only equity book: a factor model generates returns for
300 assets, a rebalancer turns each day's smoothed signal into target weights against a shrunk
covariance matrix, and the book's value, turnover and trading costs are tracked."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Book:
    weights: np.ndarray
    value: float = 1.0
    turnover: float = 0.0
    history: list = field(default_factory=list)


class Rebalancer:
    def __init__(self, cov, risk_aversion=4.0, shrink=0.2):
        n = cov.shape[0]
        self.cov = (1 - shrink) * cov + shrink * np.trace(cov) / n * np.eye(n)
        self.gamma = risk_aversion

    @property
    def precision(self):
        return np.linalg.inv(self.cov)

    def target(self, mu):
        raw = np.clip(self.precision @ mu / self.gamma, 0.0, None)
        total = raw.sum()
        return raw / total if total > 0 else np.full_like(raw, 1.0 / raw.size)


def backtest(days, n_assets, rng, cost_rate=5e-4):
    k = 8
    loadings = rng.normal(0.0, 1.0, size=(n_assets, k))
    idio = rng.uniform(0.01, 0.03, size=n_assets)
    cov = loadings @ loadings.T * 1e-4 + np.diag(idio**2)
    reb = Rebalancer(cov)
    book = Book(weights=np.full(n_assets, 1.0 / n_assets))
    signal = np.zeros(n_assets)
    for day in range(days):
        f = rng.normal(0.0, 0.01, size=k)
        r = loadings @ f + rng.standard_normal(n_assets) * idio
        signal = 0.9 * signal + 0.1 * r
        new = reb.target(signal + 2e-3)
        trade = np.abs(new - book.weights).sum()
        book.turnover += trade
        book.value *= 1.0 + book.weights @ r - cost_rate * trade
        w = new
        w[w < 1e-5] = 0.0
        book.weights = w / w.sum()
        book.history.append(book.value)
    return book


rng = np.random.default_rng(11)
book = backtest(700, 300, rng)
hist = np.array(book.history)
peak = np.maximum.accumulate(hist)
print(f"final value {book.value:.4f}, turnover {book.turnover:.2f}, max drawdown {np.max(1 - hist / peak):.4f}")
print(f"result: {book.value + book.turnover + hist.sum():.10e}")
