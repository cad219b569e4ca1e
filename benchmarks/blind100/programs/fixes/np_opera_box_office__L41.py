# ruff: noqa
"""Box-office model for an opera house season: each performance sells seats tier by tier from a
demand curve, the yield manager nudges the price multiplier until the night's revenue stops
improving, and a season report sums revenue, attendance and unsold seats."""
from dataclasses import dataclass, field

import numpy as np

TIERS = {"stalls": (900, 95.0), "grand tier": (520, 120.0), "balcony": (610, 60.0),
         "gallery": (370, 28.0)}


@dataclass
class SeatMap:
    base_price: np.ndarray
    tier: np.ndarray

    @classmethod
    def build(cls):
        prices, tiers = [], []
        for k, (n, p) in enumerate(TIERS.values()):
            prices.append(np.full(n, p))
            tiers.append(np.full(n, k))
        return cls(np.concatenate(prices), np.concatenate(tiers))


@dataclass
class Performance:
    title: str
    seats: SeatMap
    appeal: np.ndarray
    multiplier: float = 0.55
    sold: np.ndarray = field(default=None)

    def open_sales(self, rng):
        willingness = self.appeal * rng.gamma(4.0, 0.27, size=self.appeal.shape)
        self.sold = willingness * self.seats.base_price >= self.multiplier * self.seats.base_price

    @property
    def takings(self):
        return float((self.seats.base_price * self.multiplier * self.sold).sum())

    @property
    def attendance(self):
        return int(self.sold.sum())


class YieldManager:
    def __init__(self, step=0.025, max_rounds=20):
        self.step = step
        self.max_rounds = max_rounds

    def settle(self, perf, rng):
        state = rng.bit_generator.state
        perf.open_sales(rng)
        best = perf.takings
        rounds = 0
        while rounds < self.max_rounds:
            perf.multiplier += self.step
            rng.bit_generator.state = state
            perf.open_sales(rng)
            now = perf.takings
            if now <= best:
                perf.multiplier -= self.step
                rng.bit_generator.state = state
                perf.open_sales(rng)
                break
            best = now
            rounds += 1
        return best


def run_season(n_performances, rng):
    seats = SeatMap.build()
    titles = ["Tosca", "Norma", "Wozzeck", "Rusalka", "Orfeo", "Elektra", "Carmen"]
    manager = YieldManager()
    revenue = np.zeros(n_performances)
    attendance = np.zeros(n_performances, dtype=np.int64)
    for i in range(n_performances):
        title = titles[i % len(titles)]
        appeal = 0.7 + 0.6 * rng.random(seats.base_price.size) * (1 + (i % len(titles)) / 10)
        perf = Performance(title, seats, appeal)
        revenue[i] = manager.settle(perf, rng)
        attendance[i] = perf.attendance
    return revenue, attendance, seats.base_price.size


rng = np.random.default_rng(11)
revenue, attendance, capacity = run_season(420, rng)
quarters = np.array([])
for chunk in np.array_split(revenue, 4):
    quarters = np.append(quarters, chunk.sum())
unsold = capacity * revenue.size - attendance.sum()
print(f"season revenue {revenue.sum():,.0f}, mean house {attendance.mean():.1f} of {capacity}")
print("quarters:", ", ".join(f"{q:,.0f}" for q in quarters))
print(f"result: {revenue.sum() + quarters.max() + unsold:.10e}")
