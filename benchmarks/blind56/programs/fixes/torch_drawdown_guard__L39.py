# ruff: noqa
"""Backtest of a family of momentum strategies on simulated prices: a regime-switching price
model for a basket of assets, one long-short signal per lookback and leverage setting, risk
callbacks run after every trading day (a drawdown stop and an exposure report), and each
strategy's Sharpe ratio and worst drawdown at the end."""
from dataclasses import dataclass, field

import torch


@dataclass
class Book:
    equity: torch.Tensor
    peak: torch.Tensor
    active: torch.Tensor
    stopped_on: dict = field(default_factory=dict)


class DrawdownStop:
    def __init__(self, limit):
        self.limit = limit

    def __call__(self, day, book):
        drawdown = 1.0 - book.equity / book.peak
        if max(drawdown) > self.limit:
            hit = (drawdown > self.limit) & book.active
            for i in hit.nonzero().flatten().tolist():
                book.stopped_on[i] = day
            book.active &= ~hit


class ExposureReport:
    def __init__(self, every):
        self.every = every
        self.rows = []

    def __call__(self, day, book):
        if day % self.every == 0:
            self.rows.append((day, book.active[:4].sum().item()))


def simulate_prices(gen, days, n_assets):
    regime = torch.cumsum(torch.rand(days, generator=gen) < 0.01, 0) % 2
    vol = torch.where(regime == 1, 0.025, 0.01)[:, None]
    shocks = torch.randn(days, n_assets, generator=gen) * vol + 0.0002
    return torch.exp(torch.cumsum(shocks, 0))


def backtest(prices, lookbacks, leverage, callbacks):
    days, n_assets = prices.shape
    rets = prices[1:] / prices[:-1] - 1.0
    n = lookbacks.shape[0] * leverage.shape[0]
    book = Book(equity=torch.ones(n), peak=torch.ones(n), active=torch.ones(n, dtype=torch.bool))
    lev = leverage.repeat(lookbacks.shape[0])
    daily = torch.zeros(days - 1, n)
    start = int(lookbacks.max())
    for d in range(start, days - 1):
        past = prices[d] / prices[d - lookbacks]  # (n_lookbacks, n_assets)
        signal = torch.sign(past - past.mean(1, keepdim=True)) / n_assets
        pnl = (signal @ rets[d]).repeat_interleave(leverage.shape[0]) * lev
        pnl = torch.where(book.active, pnl, torch.zeros(()))
        book.equity *= 1.0 + pnl
        book.peak = torch.maximum(book.peak, book.equity)
        daily[d] = pnl
        for cb in callbacks:
            cb(d, book)
    return book, daily


gen = torch.Generator().manual_seed(9)
prices = simulate_prices(gen, 2000, 50)
lookbacks = torch.arange(5, 125, 3)
leverage = torch.linspace(0.5, 4.0, 16)
report = ExposureReport(every=250)
book, daily = backtest(prices, lookbacks, leverage, [DrawdownStop(0.35), report])
sharpe = daily.mean(0) / (daily.std(0) + 1e-12) * 252 ** 0.5
worst = (1.0 - book.equity / book.peak).max()
print(f"{len(book.stopped_on)} of {book.equity.numel()} strategies stopped; best Sharpe {sharpe.max():.3f}")
print(f"result: {float(sharpe.sum()) + float(worst) + sum(book.stopped_on.values()) * 1e-4 + sum(r for _, r in report.rows):.10e}")
