# ruff: noqa
"""Ski-resort lift operations: simulates a season of skier arrivals at the bottom of each lift
(minute by minute, with weekend and powder-day peaks), the queue each lift builds up given its
capacity, and the smoothed load forecast the operations desk uses to open extra chairs."""
import numpy as np
from scipy.signal import lfilter

LIFTS = {"gondola": 38.0, "summit-quad": 24.0, "east-six": 30.0, "nursery": 12.0,
         "ridge-t-bar": 9.0, "valley-quad": 26.0}
SLOTS = 480 * 6


class LoadForecaster:
    """Exponentially smoothed arrivals, the desk's forecast of the next minute's load."""

    def __init__(self, alpha):
        self.alpha = alpha

    @staticmethod
    def _smooth(x, alpha):
        return lfilter([alpha], [1.0, -(1.0 - alpha)], x)

    def __call__(self, arrivals):
        return self._smooth(arrivals, self.alpha)


def day_arrivals(rng, rate, weekend, powder):
    t = np.arange(SLOTS) / 6.0
    profile = np.exp(-((t - 90) / 70.0) ** 2) + 0.6 * np.exp(-((t - 300) / 60.0) ** 2)
    lam = rate * profile * (1.4 if weekend else 1.0) * (1.8 if powder else 1.0)
    return rng.poisson(lam).astype(np.float64)


def queue_lengths(arrivals, capacity):
    backlog = np.cumsum(arrivals) - capacity * np.arange(1, len(arrivals) + 1)
    return np.maximum(backlog - np.minimum.accumulate(np.minimum(backlog, 0.0)), 0.0)


def season(n_days, rng, forecaster):
    peaks = {name: [] for name in LIFTS}
    extra_chairs = 0
    for day in range(n_days):
        weekend = day % 7 in (5, 6)
        powder = rng.random() < 0.12
        for name, capacity in LIFTS.items():
            arrivals = day_arrivals(rng, capacity * 0.13, weekend, powder)
            forecast = forecaster(arrivals)
            extra_chairs += int(np.count_nonzero(forecast > capacity / 6.0))
            peaks[name].append(queue_lengths(arrivals, capacity / 6.0).max())
    return peaks, extra_chairs


rng = np.random.default_rng(21)
forecaster = LoadForecaster(alpha=0.15)
extra = 0
for snow_year in ("dry", "average", "deep", "record"):
    peaks, n = season(140, rng, forecaster)
    extra += n
for name in LIFTS:
    print(f"{name:>12}: worst queue {max(peaks[name]):7.1f} skiers")
total = sum(np.mean(v) for v in peaks.values())
print(f"extra chair-minutes: {extra}")
print(f"result: {total + extra:.10e}")
