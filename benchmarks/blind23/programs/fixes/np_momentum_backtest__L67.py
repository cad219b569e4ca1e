"""Backtest of a cross-sectional momentum strategy on simulated daily returns of a stock
universe: every day the strategy ranks the trailing returns, holds the top decile long and the
bottom decile short; the book records positions, and the report gives turnover, annual returns
and the Sharpe ratio."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Book:
    n_assets: int
    positions: np.ndarray = field(init=False)
    pnl: list = field(default_factory=list)

    def __post_init__(self):
        self.positions = np.empty((0, self.n_assets))


def momentum(window, frac=0.1):
    score = window.sum(axis=0)
    order = np.argsort(score)
    k = max(1, int(frac * len(score)))
    w = np.zeros(len(score))
    w[order[-k:]] = 1.0 / k
    w[order[:k]] = -1.0 / k
    return w


class Backtester:
    def __init__(self, returns, strategy, lookback=60, hooks=()):
        self.returns = returns
        self.strategy = strategy
        self.lookback = lookback
        self.book = Book(returns.shape[1])
        self.hooks = list(hooks)

    def on_bar(self, t, w):
        self.book.positions = np.vstack([self.book.positions, w])
        self.book.pnl.append(float(w @ self.returns[t]))

    def run(self):
        for t in range(self.lookback, len(self.returns)):
            w = self.strategy(self.returns[t - self.lookback:t])
            self.on_bar(t, w)
            for hook in self.hooks:
                hook(t, self.book)
        return self.book


def simulate_returns(n_days, n_assets, rng):
    factor = 0.01 * rng.standard_normal((n_days, 1))
    beta = rng.uniform(0.5, 1.5, size=n_assets)
    drift = np.linspace(-0.0004, 0.0004, n_assets)
    return drift + factor * beta + 0.015 * rng.standard_normal((n_days, n_assets))


rng = np.random.default_rng(2024)
returns = simulate_returns(5000, 400, rng)
drawdowns = []
hooks = [lambda t, book: drawdowns.append(min(0.0, book.pnl[-1])) if t % 250 == 0 else None]
book = Backtester(returns, momentum, hooks=hooks).run()
pnl = np.array(book.pnl)
turnover = np.abs(np.diff(book.positions, axis=0)).sum(axis=1).mean()
yearly = [pnl[i:i + 252] for i in range(0, len(pnl), 252)]
annual = np.array([y.sum() for y in yearly])
sharpe = pnl.mean() / pnl.std() * np.sqrt(252)
print(f"turnover {turnover:.4f}, sharpe {sharpe:.3f}, best year {annual.max():+.4f}")
print(f"result: {turnover + sharpe + annual.sum() + sum(drawdowns):.10e}")
