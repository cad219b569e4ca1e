# ruff: noqa
"""Two-echelon supply chain simulation: a central warehouse replenishes regional distribution
centres under an (s, S) policy with random lead times; every shipment is booked in a ledger,
from which the end-of-run report computes lead-time statistics and freight cost per lane."""
import numpy as np


class Ledger:
    COLUMNS = ("day", "dc", "qty", "lead", "cost", "arrival")

    def __init__(self):
        self.table = np.empty((0, len(self.COLUMNS)))

    def record(self, day, dc, qty, lead, cost):
        row = np.array([[day, dc, qty, lead, cost, day + lead]], dtype=float)
        self.table = np.vstack([self.table, row])

    def column(self, name):
        return self.table[:, self.COLUMNS.index(name)]


class Network:
    def __init__(self, n_dc, rng):
        self.rng = rng
        self.mean_demand = rng.uniform(20, 80, n_dc)
        self.reorder = self.mean_demand * 6
        self.order_up_to = self.mean_demand * 14
        self.stock = self.order_up_to.copy()
        self.pipeline = np.zeros((n_dc, 16))
        self.freight = rng.uniform(0.8, 2.5, n_dc)

    def day(self, t, ledger):
        demand = self.rng.poisson(self.mean_demand)
        arriving = self.pipeline[:, 0].copy()
        self.pipeline[:, :-1] = self.pipeline[:, 1:]
        self.pipeline[:, -1] = 0.0
        self.stock += arriving
        served = np.minimum(self.stock, demand)
        self.stock -= served
        position = self.stock + self.pipeline.sum(axis=1)
        for dc in np.flatnonzero(position < self.reorder):
            qty = self.order_up_to[dc] - position[dc]
            lead = int(self.rng.integers(3, 15))
            self.pipeline[dc, lead] += qty
            ledger.record(t, dc, qty, lead, qty * self.freight[dc])
        return served.sum(), demand.sum()


rng = np.random.default_rng(5)
net = Network(60, rng)
ledger = Ledger()
served = demanded = 0.0
for t in range(3000):
    s, d = net.day(t, ledger)
    served += s
    demanded += d
leads = ledger.column("lead")
cost = ledger.column("cost")
lanes = np.bincount(ledger.column("dc").astype(int), weights=cost, minlength=60)
busiest = max(lanes)
print(f"fill rate {served / demanded:.4f}, {len(leads)} shipments, mean lead {leads.mean():.2f} days")
print(f"result: {served / demanded + leads.mean() + busiest / 1e6 + len(leads):.10e}")
