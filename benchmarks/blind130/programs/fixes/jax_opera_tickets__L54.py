# ruff: noqa
"""Box-office review for an opera house's season: for every performance the bookings (seat
tier, price paid, days booked ahead) are summarised by a jitted statistics routine (revenue,
mean lead time, a price-elasticity fit per tier), through callbacks registered with the season
ledger; weekly totals are reported and a season score is printed at the end."""
import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")

TIERS = ("stalls", "dress circle", "boxes", "upper circle", "gallery")
LIST_PRICE = np.array([145.0, 120.0, 190.0, 80.0, 35.0], dtype=np.float32)


MAX_BOOKINGS = 2100


@jax.jit
def booking_stats(tier, price, lead, valid):
    onehot = jax.nn.one_hot(tier, len(TIERS)) * valid[:, None]
    count = onehot.sum(axis=0)
    revenue = onehot.T @ price
    mean_lead = (onehot.T @ lead) / jnp.maximum(count, 1.0)
    n = valid.sum()
    x = jnp.log1p(lead)
    y = jnp.log(price)
    xm = (x * valid).sum() / n
    ym = (y * valid).sum() / n
    slope = ((x - xm) * (y - ym) * valid).sum() / ((((x - xm) ** 2) * valid).sum() + 1e-6)
    return revenue, mean_lead, slope, jnp.tanh(slope)


@dataclass
class Performance:
    title: str
    week: int
    tier: np.ndarray
    price: np.ndarray
    lead: np.ndarray


@dataclass
class Ledger:
    callbacks: list = field(default_factory=list)
    rows: list = field(default_factory=list)

    def on_performance(self, fn):
        self.callbacks.append(fn)

    def close(self, perf):
        for fn in self.callbacks:
            self.rows.append(fn(perf))


def summarise(stats_fn, discount, perf):
    n = len(perf.tier)
    pad = MAX_BOOKINGS - n
    tier = np.pad(perf.tier, (0, pad))
    price = np.pad(perf.price * discount, (0, pad), constant_values=1.0)
    lead = np.pad(perf.lead, (0, pad))
    valid = (np.arange(MAX_BOOKINGS) < n).astype(np.float32)
    revenue, mean_lead, slope, score = stats_fn(tier, price, lead, valid)
    return perf.week, revenue, mean_lead, score


def make_season(rng, n_perf=10):
    titles = ["Tosca", "Rigoletto", "Figaro", "Parsifal", "Carmen", "Norma", "Salome", "Otello"]
    season = []
    for k in range(n_perf):
        n = int(rng.integers(900, 2100))
        tier = rng.integers(0, len(TIERS), size=n)
        lead = rng.gamma(2.0, 12.0, size=n).astype(np.float32)
        price = (LIST_PRICE[tier] * (1.0 - 0.004 * np.minimum(lead, 60.0))).astype(np.float32)
        season.append(Performance(titles[k % len(titles)], k // 2, tier, price, lead))
    return season


def main():
    rng = np.random.default_rng(5150)
    season = make_season(rng)
    ledger = Ledger()
    ledger.on_performance(functools.partial(summarise, booking_stats, np.float32(0.97)))
    week_total = jnp.zeros(())
    last_week = 0
    for perf in season:
        ledger.close(perf)
        week, revenue, _, _ = ledger.rows[-1]
        if week != last_week:
            print(f"week {last_week:2d}: revenue {float(week_total):12.2f}")
            week_total = jnp.zeros(())
            last_week = week
        week_total = week_total + revenue.sum()
    revenue = sum(float(r[1].sum()) for r in ledger.rows)
    lead = sum(float(r[2].mean()) for r in ledger.rows)
    score = sum(float(r[3]) for r in ledger.rows)
    print(f"result: {revenue / 1e6 + lead + score:.10e}")


if __name__ == "__main__":
    main()
