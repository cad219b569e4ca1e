"""Simulates daily returns of a book of 2,000 positions over many trading days, tracks the
book's profit and loss and its running peak, and prints the worst drawdown and total P&L."""
import numpy as np

N_POS = 2000
N_DAYS = 20000


def day_pnl(positions, returns):
    pnl = positions * returns
    return sum(pnl)


def fees(trades):
    return sum([trades[0], trades[1], trades[2], trades[3], trades[4]])


rng = np.random.default_rng(7)
positions = rng.uniform(-1.0, 1.0, N_POS) * 1e4
vol = rng.uniform(0.005, 0.03, N_POS)
equity = 0.0
peak = 0.0
worst = 0.0
for day in range(N_DAYS):
    returns = vol * rng.standard_normal(N_POS)
    trades = np.abs(rng.standard_normal(5))
    equity += day_pnl(positions, returns) - fees(trades)
    peak = max(peak, equity)
    worst = min(worst, equity - peak)
print(f"worst drawdown {worst:.2f}")
print(f"result: {equity + worst:.10e}")
