# ruff: noqa
"""Trading-desk ledger: synthetic fills (trader, side, quantity, price) are booked per trader,
marked to a simulated mid price, and summarised as P&L, running high-water mark, worst
drawdown and turnover per trader."""
import itertools
import random
from collections import defaultdict

import numpy as np

TRADERS = ["ana", "bo", "chen", "dev", "eli", "fay"]


def make_fills(n, seed):
    rnd = random.Random(seed)
    mid = 100.0
    for i in range(n):
        mid *= 1.0 + rnd.gauss(0.0, 0.0008)
        side = 1 if rnd.random() < 0.5 else -1
        yield (rnd.choice(TRADERS), side, rnd.randint(1, 20), mid + side * 0.01, mid)


def high_water(pnl):
    peak = -np.inf
    for x in pnl:
        if x > peak:
            peak = x
        yield peak


class Book:
    def __init__(self, capacity):
        self.rows = defaultdict(lambda: np.empty((capacity, 3)))
        self.count = defaultdict(int)

    def book(self, fill):
        trader, side, qty, px, mid = fill
        self.rows[trader][self.count[trader]] = (side * qty, px, mid)
        self.count[trader] += 1

    def report(self, trader):
        arr = self.rows[trader][:self.count[trader]]
        pos = np.cumsum(arr[:, 0])
        cash = -np.cumsum(arr[:, 0] * arr[:, 1])
        pnl = cash + pos * arr[:, 2]
        hwm = np.fromiter(high_water(pnl), dtype=np.float64, count=len(pnl))
        dd = (hwm - pnl).max()
        turnover = np.abs(arr[:, 0]).sum()
        return pnl[-1], hwm[-1], dd, turnover


N_FILLS, CHECK_EVERY = 240_000, 2_000
book = Book(N_FILLS)
fills = make_fills(N_FILLS, seed=5)
totals = []
for check in range(N_FILLS // CHECK_EVERY):
    for fill in itertools.islice(fills, CHECK_EVERY):
        book.book(fill)
    for trader in TRADERS:
        totals.append(book.report(trader))
summary = np.array(totals)
for trader, row in zip(TRADERS, totals[-len(TRADERS):]):
    print(f"{trader:>5}: pnl {row[0]:10.2f} hwm {row[1]:10.2f} max dd {row[2]:9.2f} turnover {row[3]:.0f}")
worst = summary[-len(TRADERS):, 2].max()
print(f"worst drawdown: {worst:.2f}")
print(f"result: {summary.sum():.10e}")
