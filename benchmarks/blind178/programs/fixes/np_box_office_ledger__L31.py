# ruff: noqa
"""Simulates a year of box-office sales for a cinema chain: every screening draws its audience
from a demand model (film popularity decaying after release, weekday and showtime effects,
seat-tier prices, member discounts), the ticket ledger keeps every ticket sold, and the chain's
revenue report (median ticket, premium share, net of distributor rentals) is printed."""
import numpy as np

TIER_PRICES = np.array([9.5, 12.0, 16.5])  # standard, premium, recliner
TIER_SEATS = np.array([140, 50, 20])
SHOWTIMES = np.array([12.0, 15.0, 18.0, 20.5, 22.5])


class Film:
    def __init__(self, title, release_day, appeal, rental_rate):
        self.title = title
        self.release_day = release_day
        self.appeal = appeal
        self.rental_rate = rental_rate

    def demand(self, day):
        weeks_out = max(day - self.release_day, 0) / 7.0
        return self.appeal * np.exp(-0.35 * weeks_out)


class TicketLedger:
    def __init__(self):
        self.chunks = []
        self.rentals = 0.0

    def record(self, prices, rental_rate):
        self.chunks.append(prices)
        self.rentals += rental_rate * prices.sum()


def sell_screening(film, day, hour, rng, size):
    weekday = day % 7
    weekend = 1.35 if weekday >= 5 else 1.0
    evening = np.exp(-0.5 * ((hour - 19.5) / 2.5) ** 2)
    lam = size * film.demand(day) * weekend * (0.4 + evening)
    tier_demand = rng.poisson(lam * TIER_SEATS / TIER_SEATS.sum())
    sold = np.minimum(tier_demand, TIER_SEATS)
    prices = np.repeat(TIER_PRICES, sold)
    members = rng.uniform(size=prices.size) < 0.3
    prices = np.where(members, prices * 0.8, prices)
    late = prices * (1.0 - 0.1 * (hour >= 22.0))
    fees = np.round(0.75 + 0.02 * late, 2)
    return late + fees


def theatre_summary(n_theatres, rng):
    summary = np.empty(0)
    for t in range(n_theatres):
        monthly = rng.uniform(0.8, 1.2, 12)
        summary = np.concatenate([summary, monthly / monthly.mean()])
    return summary.reshape(n_theatres, 12)


rng = np.random.default_rng(11)
films = [
    Film(f"feature-{i}", release_day=int(rng.integers(0, 330)), appeal=rng.uniform(60, 220),
         rental_rate=rng.uniform(0.45, 0.6))
    for i in range(24)
]
seasonal = theatre_summary(6, rng)
report = seasonal.std()
for site, (size, screens) in enumerate([(0.45, 3), (0.3, 4), (0.5, 2), (0.35, 3), (0.4, 3)]):
    ledger = TicketLedger()
    for day in range(365):
        showing = [f for f in films if 0 <= day - f.release_day < 42]
        for film in showing[:screens]:
            for hour in SHOWTIMES:
                prices = sell_screening(film, day, hour, rng, size)
                ledger.record(prices, film.rental_rate)
    p = np.concatenate(ledger.chunks)
    net = p.sum() - ledger.rentals
    report += np.median(p) + (p > 15.0).mean() + net / p.size
    print(f"cinema {site}: tickets {p.size}, net {net:.2f}")
print(f"result: {report:.10e}")
