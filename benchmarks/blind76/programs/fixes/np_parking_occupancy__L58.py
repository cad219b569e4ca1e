"""Parking-demand simulation for a city district: cars arrive at each car park by the minute
(Poisson, with a morning and evening peak), stay for a lognormal time, and are turned away when
the car park is full. The occupancy log is summarised per day into peak and turned-away figures."""
import numpy as np


class OccupancyLog:
    def __init__(self, n_lots):
        self.rows = np.empty((0, n_lots))

    def record(self, occupancy):
        self.rows = np.concatenate([self.rows, occupancy[None, :]], axis=0)

    def peak(self):
        return self.rows.max(axis=0)


def arrival_rate(minute, base):
    t = (minute % 1440) / 60.0
    shape = 0.2 + np.exp(-0.5 * ((t - 8.5) / 1.2) ** 2) + 0.8 * np.exp(-0.5 * ((t - 17.5) / 1.5) ** 2)
    return base * shape


def simulate(n_days, capacity, base, rng, hooks=()):
    n_lots = capacity.size
    occupancy = np.zeros(n_lots)
    leaving = np.zeros((1440 * n_days + 600, n_lots))
    turned_away = np.zeros((n_days, n_lots))
    log = OccupancyLog(n_lots)
    for minute in range(1440 * n_days):
        occupancy -= leaving[minute]
        arrivals = rng.poisson(arrival_rate(minute, base))
        admitted = np.minimum(arrivals, capacity - occupancy)
        turned_away[minute // 1440] += arrivals - admitted
        occupancy += admitted
        stays = np.minimum(rng.lognormal(4.5, 0.6, size=n_lots), 599).astype(int)
        leaving[minute + 1 + stays, np.arange(n_lots)] += admitted
        for hook in hooks:
            hook(occupancy)
        log.record(occupancy.copy())
    return log, turned_away


def queue_alarm(limit):
    def hook(occupancy):
        hook.count += int((occupancy >= limit).sum())
    hook.count = 0
    return hook


rng = np.random.default_rng(11)
n_lots, n_days = 48, 4
capacity = rng.integers(80, 400, size=n_lots).astype(float)
base = capacity / rng.uniform(150, 300, size=n_lots)
alarm = queue_alarm(capacity)
log, turned_away = simulate(n_days, capacity, base, rng, hooks=[alarm])
daily = []
for day in range(n_days):
    peak = log.rows[day * 1440:(day + 1) * 1440].max(axis=0)
    daily.append(np.concatenate([peak, turned_away[day]]))
daily = np.stack(daily)
util = daily[:, :n_lots] / capacity
print(f"mean peak utilisation {util.mean():.3f}, cars turned away {daily[:, n_lots:].sum():.0f}")
print(f"result: {daily.sum() + util.sum() + alarm.count + log.peak().sum():.10e}")
