# ruff: noqa
"""Avalanche danger from weather-station records: hourly snowfall and wind at a set of stations
are turned into a settled snow load (new snow compacting with a fixed hourly rate), a wind-slab
index, and a danger level per station and elevation band; the days with the highest danger are
reported."""
import numpy as np
from scipy import signal

SETTLE = 0.9965
BANDS = [(1500, 0.8), (2000, 1.0), (2500, 1.25), (3000, 1.5)]


def snowfall_records(rng, n_stations, hours):
    storms = rng.random((n_stations, hours)) < 0.04
    amount = rng.gamma(1.5, 0.6, size=(n_stations, hours)) * storms
    wind = np.abs(rng.normal(6.0, 4.0, size=(n_stations, hours)))
    return amount, wind


def settled_load(snowfall, rate=SETTLE):
    load = 0.0
    for t in range(len(snowfall)):
        load = rate * load + snowfall[t]
        yield load


class Station:
    def __init__(self, name, snowfall, wind):
        self.name = name
        self.snowfall = snowfall
        self.wind = wind

    @property
    def load(self):
        return signal.lfilter([1.0], [1.0, -SETTLE], self.snowfall)

    def slab_index(self):
        drift = np.clip(self.wind - 5.0, 0.0, None) * self.snowfall
        return signal.fftconvolve(drift, np.ones(24) / 24.0, mode="same")


def danger(load, slab, factor):
    score = factor * (0.05 * load + 0.8 * slab)
    return np.digitize(score, [0.5, 1.2, 2.0, 3.2]) + 1


rng = np.random.default_rng(21)
n_stations, hours = 100, 24 * 365 * 10
snow, wind = snowfall_records(rng, n_stations, hours)
stations = [Station(f"st{i:02d}", snow[i], wind[i]) for i in range(n_stations)]
levels = np.zeros((n_stations, len(BANDS), hours // 24))
peak = 0.0
for i, st in enumerate(stations):
    load = st.load
    slab = st.slab_index()
    peak = max(peak, float(load.max()))
    for b, (elev, factor) in enumerate(BANDS):
        daily = danger(load, slab, factor).reshape(-1, 24).max(axis=1)
        levels[i, b] = daily
worst = np.argsort(levels.mean(axis=(0, 1)))[-3:]
print("worst days:", worst.tolist(), "peak load:", round(peak, 3))
print(f"result: {levels.sum() + peak + worst.sum():.10e}")
