"""Flood-insurance loss model: daily river levels are simulated for a portfolio of catchments,
each policy pays out on the season's running peak level above its trigger (a depth-damage
curve), and premiums are priced from the simulated annual losses."""
import numpy as np

DEPTH_DAMAGE = [(0.0, 0.0), (0.5, 0.15), (1.0, 0.35), (2.0, 0.6), (3.0, 0.85), (5.0, 1.0)]


def river_levels(n_days, rng, base, flashiness):
    rain = rng.gamma(0.6, 8.0, size=n_days)
    kernel = np.exp(-np.arange(30) / (4.0 * flashiness))
    runoff = np.convolve(rain, kernel / kernel.sum(), mode="full")[:n_days]
    return base + 0.08 * runoff + 0.05 * rng.standard_normal(n_days)


def running_peak(levels):
    return np.maximum.accumulate(levels)


def damage_ratio(depth):
    xs, ys = zip(*DEPTH_DAMAGE)
    return np.interp(depth, xs, ys)


class Portfolio:
    def __init__(self, n_catch, n_policies, rng):
        self.catchment = rng.integers(0, n_catch, size=n_policies)
        self.trigger = rng.uniform(1.5, 3.0, size=n_policies)
        self.value = rng.lognormal(12.0, 0.6, size=n_policies)

    def season_losses(self, peaks_by_catchment, day_index):
        peak = peaks_by_catchment[:, day_index][self.catchment]
        depth = np.maximum(peak - self.trigger[:, None], 0.0)
        return (damage_ratio(depth) * self.value[:, None]).sum(axis=0)


rng = np.random.default_rng(2024)
n_catch, n_years, days = 40, 700, 365
bases = rng.uniform(0.5, 1.5, size=n_catch)
flash = rng.uniform(0.5, 2.0, size=n_catch)
book = Portfolio(n_catch, 3000, rng)
annual = np.zeros(n_years)
year_ends = np.arange(days - 1, n_years * days, days)
peaks = []
for c in range(n_catch):
    levels = river_levels(n_years * days, rng, bases[c], flash[c]).reshape(n_years, days)
    peaks.append(np.stack([running_peak(year) for year in levels]).reshape(-1))
peaks = np.stack(peaks)
annual = book.season_losses(peaks, year_ends)
premium = annual.mean() * 1.25 + 0.5 * annual.std()
worst = sorted(annual)[-5:]
print(f"mean annual loss {annual.mean():.4e}, premium {premium:.4e}")
print("worst years:", [f"{w:.3e}" for w in worst])
print(f"result: {premium + sum(worst):.10e}")
