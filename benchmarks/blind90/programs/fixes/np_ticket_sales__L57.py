# ruff: noqa
"""Concert ticketing simulation: ticket requests arrive for several shows, each request is priced
by a demand-driven dynamic pricing rule per seating section, accepted sales are recorded in a
ledger, and revenue and sell-through are reported per show."""
import numpy as np


class SalesLedger:
    def __init__(self):
        self.prices = np.empty(0)
        self.sections = np.empty(0, dtype=np.int64)

    def record(self, prices, sections):
        self.prices = np.append(self.prices, prices)
        self.sections = np.append(self.sections, sections)

    def revenue(self):
        return float(self.prices.sum())


class Show:
    def __init__(self, name, capacity, base_price, rng):
        self.name = name
        self.capacity = np.array(capacity, dtype=np.int64)
        self.sold = np.zeros_like(self.capacity)
        self.base = np.asarray(base_price, dtype=float)
        self.rng = rng

    def price(self, section):
        fill = self.sold[section] / self.capacity[section]
        return self.base[section] * (1.0 + 0.8 * fill ** 2)

    def run_minute(self, n_requests, on_sale):
        sec = self.rng.integers(0, self.capacity.size, size=n_requests)
        wanted = self.rng.integers(1, 5, size=n_requests)
        left = self.capacity - self.sold
        ok = wanted <= left[sec]
        sec, wanted = sec[ok], wanted[ok]
        counts = np.bincount(sec, weights=wanted, minlength=self.capacity.size).astype(np.int64)
        counts = np.minimum(counts, left)
        self.sold += counts
        p = self.price(sec) * wanted
        on_sale(p, sec)


rng = np.random.default_rng(5)
shows = [Show(f"show-{i}", [40000, 70000, 110000, 150000], [180.0, 120.0, 75.0, 45.0], rng) for i in range(4)]
ledgers = {s.name: SalesLedger() for s in shows}
minute = 0
while minute < 4200:
    for s in shows:
        s.run_minute(36 + (minute % 9), ledgers[s.name].record)
    minute += 1
summaries = []
for s in shows:
    led = ledgers[s.name]
    summaries.extend([led.revenue(), s.sold.sum() / s.capacity.sum()])
    print(f"{s.name}: revenue {led.revenue():.0f}, sell-through {s.sold.sum() / s.capacity.sum():.3f}")
print(f"result: {np.array(summaries).sum() + sum(float(l.sections.sum()) for l in ledgers.values()):.10e}")
