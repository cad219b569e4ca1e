# ruff: noqa
"""Event-driven simulation of a market maker quoting around a mid price that follows a jump
diffusion: Poisson order arrivals on both sides, fills against the maker's quotes, inventory
skew of the quotes, and a trade blotter kept by a recorder callback for the end-of-day P&L."""
from functools import partial

import numpy as np


class Blotter:
    def __init__(self):
        self.trades = np.empty((0, 4))

    def record(self, t, side, price, size):
        self.trades = np.vstack([self.trades, [t, side, price, size]])


class Simulator:
    def __init__(self, rng, spread=0.02, skew=0.002, sigma=0.01):
        self.rng = rng
        self.spread = spread
        self.skew = skew
        self.sigma = sigma

    def run(self, n_steps, on_fill, log_every=None):
        rng = self.rng
        mid = 100.0
        inventory = 0.0
        moves = rng.normal(0.0, self.sigma, n_steps) + rng.binomial(1, 0.001, n_steps) * rng.normal(0, 0.5, n_steps)
        buys = rng.poisson(0.3, n_steps)
        sells = rng.poisson(0.3, n_steps)
        sizes = rng.integers(1, 10, size=(n_steps, 2))
        for t in range(n_steps):
            mid += moves[t]
            bid = mid - self.spread / 2 - self.skew * inventory
            ask = mid + self.spread / 2 - self.skew * inventory
            if buys[t]:
                inventory -= sizes[t, 0]
                on_fill(t, -1.0, ask, float(sizes[t, 0]))
            if sells[t]:
                inventory += sizes[t, 1]
                on_fill(t, 1.0, bid, float(sizes[t, 1]))
            if log_every and t % log_every == 0:
                print(f"  t={t} mid={mid:.3f} inventory={inventory:.0f}")
        return mid, inventory


def pnl_of(trades, final_mid):
    side, price, size = trades[:, 1], trades[:, 2], trades[:, 3]
    cash = -(side * price * size).sum()
    position = (side * size).sum()
    return cash + position * final_mid


rng = np.random.default_rng(3)
days = []
for day in range(5):
    blotter = Blotter()
    sim = Simulator(rng, skew=0.001 * (day + 1))
    mid, inv = sim.run(30000, on_fill=partial(Blotter.record, blotter), log_every=15000)
    days.append(np.array([pnl_of(blotter.trades, mid), inv, len(blotter.trades)]))
summary = np.stack(days)
for d, (pnl, inv, n) in enumerate(summary):
    print(f"day {d}: {int(n)} trades, inventory {inv:.0f}, pnl {pnl:.2f}")
print(f"result: {summary.sum():.10e}")
