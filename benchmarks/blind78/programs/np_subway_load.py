# ruff: noqa
"""Subway ridership pipeline: synthesises sixteen weeks of turnstile entries and exits per
station in 10-minute bins (commute peaks, weekends, events), tracks how many riders are inside
each station, finds the network's busiest weekday and ranks stations by crowding against
platform capacity."""
import numpy as np

BINS_PER_DAY = 144
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def synth_entries(n_stations, n_days, rng):
    t = np.arange(n_days * BINS_PER_DAY) % BINS_PER_DAY / BINS_PER_DAY * 24.0
    day = np.arange(n_days * BINS_PER_DAY) // BINS_PER_DAY
    peaks = np.exp(-0.5 * ((t - 8.3) / 0.9) ** 2) + 0.8 * np.exp(-0.5 * ((t - 17.6) / 1.2) ** 2)
    weekend = (day % 7) >= 5
    base = np.where(weekend, 0.35, 1.0) * (0.1 + peaks)
    size = rng.lognormal(4.0, 0.7, size=(n_stations, 1))
    noise = rng.gamma(8.0, 1.0 / 8.0, size=(n_stations, base.size))
    events = rng.random((n_stations, base.size)) < 0.0008
    return size * base * noise + events * rng.uniform(50, 400, size=(n_stations, base.size))


def occupancy(flows):
    entries, exits = flows
    inside = np.empty_like(entries)
    total = 0.0
    i = 0
    while i < len(entries):
        total = total + entries[i] - exits[i]
        inside[i] = total
        i += 1
    return inside


class StationReport:
    def __init__(self, capacity):
        self.capacity = capacity

    @staticmethod
    def weekday_profile(series):
        days = series.reshape(-1, BINS_PER_DAY)
        profile = {}
        for k, name in enumerate(WEEKDAYS):
            profile[name] = days[k::7].mean(axis=0)
        return profile

    def crowding(self, inside):
        return np.clip(inside / self.capacity, 0.0, None)


def run(n_stations=500, n_days=112, seed=5):
    rng = np.random.default_rng(seed)
    entries = synth_entries(n_stations, n_days, rng)
    capacity = rng.uniform(150.0, 600.0, size=n_stations)
    exits = np.roll(entries, 3, axis=1) * rng.uniform(0.97, 1.0, size=(n_stations, 1))
    inside = list(map(occupancy, zip(entries, exits)))
    worst = np.empty(n_stations)
    for s, series in enumerate(inside):
        worst[s] = StationReport(capacity[s]).crowding(series).max()
    profile = StationReport.weekday_profile(entries.sum(axis=0))
    busiest = max(profile, key=lambda d: profile[d].max())
    return np.array(inside), worst, busiest, profile


inside, worst, busiest, profile = run()
order = np.argsort(worst)[::-1][:5]
print("most crowded stations:", order.tolist(), np.round(worst[order], 2).tolist())
print("busiest weekday:", busiest, "peak bin", int(profile[busiest].argmax()))
print(f"result: {inside.sum() + worst.sum() + profile['wed'].sum():.10e}")
