# ruff: noqa
"""Bike-sharing network simulation: hourly trips between docking stations drawn from a
time-of-day demand profile, docks that run empty or full, a rebalancing van each night, and
callbacks that log trips and daily summaries; prints ride statistics at the end."""
import numpy as np


class TripLog:
    """Keeps every completed trip as a row (origin, destination, minutes)."""

    def __init__(self):
        self.trips = np.empty((0, 3))

    def on_hour(self, hour, trips):
        self.trips = np.concatenate([self.trips, trips])

    def on_day(self, day, docks):
        pass


class DailySummary:
    def __init__(self, n_stations):
        self.rows = np.empty((0, n_stations))
        self.snapshots = []

    def on_hour(self, hour, trips):
        pass

    def on_day(self, day, docks):
        self.snapshots.append(docks.copy())
        self.rows = np.concatenate([self.rows, docks[None, :]])


class Network:
    def __init__(self, n_stations, capacity, rng):
        self.rng = rng
        self.capacity = capacity
        self.docks = np.full(n_stations, capacity // 2, dtype=np.float64)
        self.pull = rng.dirichlet(np.ones(n_stations))
        self.dist = rng.uniform(1.0, 9.0, size=(n_stations, n_stations))

    def demand(self, hour):
        peak = 1.0 + 1.5 * np.exp(-((hour % 24 - 8) ** 2) / 4.0) + 1.2 * np.exp(-((hour % 24 - 17) ** 2) / 5.0)
        return self.rng.poisson(peak * 20.0 * self.pull * len(self.docks))

    def hour(self, hour):
        wanted = self.demand(hour)
        starts = np.minimum(wanted, self.docks).astype(np.int64)
        origins = np.repeat(np.arange(len(self.docks)), starts)
        dests = self.rng.choice(len(self.docks), size=len(origins), p=self.pull)
        minutes = 4.0 * self.dist[origins, dests] + self.rng.exponential(3.0, size=len(origins))
        self.docks -= starts
        arrivals = np.bincount(dests, minlength=len(self.docks))
        self.docks = np.minimum(self.docks + arrivals, self.capacity)
        return np.column_stack([origins, dests, minutes])

    def rebalance(self):
        target = self.capacity // 2
        self.docks += 0.5 * (target - self.docks)


def run(network, days, callbacks):
    for day in range(days):
        for h in range(24):
            trips = network.hour(day * 24 + h)
            for cb in callbacks:
                cb.on_hour(h, trips)
        network.rebalance()
        for cb in callbacks:
            cb.on_day(day, network.docks)


rng = np.random.default_rng(5)
net = Network(60, 30, rng)
log, summary = TripLog(), DailySummary(60)
run(net, 40, [log, summary])
trips = log.trips
mean_ride = trips[:, 2].mean()
busiest = np.bincount(trips[:, 0].astype(np.int64)).argmax()
print(f"{len(trips)} trips, mean ride {mean_ride:.2f} min, busiest station {busiest}")
print(f"result: {trips[:, 2].sum() + summary.rows.sum() + sum(s.sum() for s in summary.snapshots):.10e}")
