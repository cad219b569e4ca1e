# ruff: noqa
"""Replay of a day of second-price ad auctions: bidders with lognormal valuations and budget
pacing, a per-slot reserve price, a clearing rule that charges the winner the second-highest
bid, and a revenue report per slot."""
import numpy as np
from dataclasses import dataclass, field


@dataclass
class Bidders:
    value_mu: np.ndarray
    budget: np.ndarray
    spent: np.ndarray = field(init=False)

    def __post_init__(self):
        self.spent = np.zeros_like(self.budget)

    def pacing(self):
        left = np.clip(1.0 - self.spent / self.budget, 0.0, 1.0)
        return np.sqrt(left)


class SecondPrice:
    @staticmethod
    def clear(bids, reserve):
        ordered = sorted(bids)
        top, second = ordered[-1], ordered[-2]
        if top < reserve:
            return None
        return max(second, reserve)


def run_day(bidders, rule, n_auctions, reserves, rng):
    n_slots = len(reserves)
    revenue = np.zeros(n_slots)
    wins = np.zeros(len(bidders.budget), dtype=np.int64)
    for a in range(n_auctions):
        slot = a % n_slots
        ctr = 0.05 / (1 + slot)
        values = np.exp(bidders.value_mu + 0.4 * rng.standard_normal(bidders.value_mu.shape))
        bids = values * ctr * bidders.pacing()
        price = rule.clear(bids, reserves[slot])
        if price is None:
            continue
        w = int(np.argmax(bids))
        bidders.spent[w] += price
        wins[w] += 1
        revenue[slot] += price
    return revenue, wins


rng = np.random.default_rng(11)
n_bidders = 400
bidders = Bidders(value_mu=rng.normal(0.0, 0.5, n_bidders), budget=rng.uniform(5.0, 40.0, n_bidders))
reserves = np.array([0.06, 0.04, 0.03, 0.02])
revenue, wins = run_day(bidders, SecondPrice(), 40000, reserves, rng)
total = sum(revenue)
print(f"revenue {total:.4f}, active winners {int((wins > 0).sum())}")
print(f"result: {total + bidders.spent.sum() + wins @ np.arange(n_bidders):.10e}")
