# ruff: noqa
"""Water balance of a chain of reservoirs over many simulated years of hourly data: inflow from
synthetic rain, evaporation and releases give the net flow, storage is the running balance, and a
yearly report lists the highest storage and the hours spent over the spill level."""
import itertools

import numpy as np

HOURS_PER_YEAR = 8760


def net_flow(rain, temp, release):
    evaporation = 0.002 * np.clip(temp, 0.0, None)
    return 0.8 * rain - evaporation - release


def running_balance(flows, start):
    level = start
    for f in flows:
        level = level + f
        yield level


def yearly_peaks(storage):
    peaks = []
    for year in range(storage.shape[0] // HOURS_PER_YEAR):
        block = storage[year * HOURS_PER_YEAR:(year + 1) * HOURS_PER_YEAR]
        peaks.append(block.max())
    return np.array(peaks)


rng = np.random.default_rng(21)
n_hours = HOURS_PER_YEAR * 350
report = {}
names = ["upper", "middle", "lower", "east", "west", "estuary"]
for name, capacity in zip(names, itertools.accumulate([900.0, 500.0, 700.0, 300.0, 400.0, 900.0])):
    rain = rng.gamma(0.3, 2.0, n_hours)
    temp = 12 + 10 * np.sin(np.arange(n_hours) * 2 * np.pi / HOURS_PER_YEAR) + rng.normal(0, 3, n_hours)
    release = np.full(n_hours, 0.47)
    flows = net_flow(rain, temp, release)
    storage = np.fromiter(running_balance(flows, capacity / 2), dtype=np.float64, count=n_hours)
    peaks = yearly_peaks(storage)
    report[name] = (peaks.max(), int((storage > 0.9 * capacity).sum()))
for name, (peak, spill_hours) in report.items():
    print(f"{name:>6}: peak storage {peak:9.1f}, hours over spill level {spill_hours}")
print(f"result: {sum(p + h for p, h in report.values()):.10e}")
