# ruff: noqa
"""Water-quality watch for the public aquarium's exhibit tanks: a month of minute-by-minute
sensor logs (temperature, pH, ammonia, salinity) per tank is reduced to hourly means, checked
against each exhibit's care limits, and the alarm counts and a care grade per tank are printed."""
from dataclasses import dataclass
from functools import partial

import numpy as np

MINUTES_PER_HOUR = 60
DAYS = 90


@dataclass
class CareLimits:
    temp: tuple
    ph: tuple
    ammonia_max: float
    salinity: tuple


EXHIBITS = {
    "reef": CareLimits((24.5, 27.5), (8.0, 8.4), 0.02, (33.0, 36.0)),
    "kelp": CareLimits((12.0, 16.0), (7.9, 8.3), 0.03, (32.0, 35.0)),
    "amazon": CareLimits((25.0, 29.0), (6.0, 7.2), 0.05, (0.0, 0.5)),
    "jelly": CareLimits((18.0, 21.0), (7.8, 8.3), 0.02, (30.0, 34.0)),
}


def sensor_log(rng, exhibit, n_minutes):
    lim = EXHIBITS[exhibit]
    t = np.arange(n_minutes) / 1440.0
    temp = np.mean(lim.temp) + 0.9 * np.sin(2 * np.pi * t) + rng.normal(0, 0.35, n_minutes)
    ph = np.mean(lim.ph) + 0.05 * np.cos(2 * np.pi * t) + rng.normal(0, 0.06, n_minutes)
    ammonia = np.abs(rng.normal(0.6 * lim.ammonia_max, 0.25 * lim.ammonia_max, n_minutes))
    salinity = np.mean(lim.salinity) + np.cumsum(rng.normal(0, 0.004, n_minutes))
    return {"temp": temp, "ph": ph, "ammonia": ammonia, "salinity": salinity}


def hourly(series, reducer):
    return np.asarray(reducer(series.reshape(-1, MINUTES_PER_HOUR)), dtype=float)


def mean_of(window):
    return sum(window) / len(window)


class TankMonitor:
    def __init__(self, name, exhibit):
        self.name = name
        self.exhibit = exhibit
        self.reducers = {
            "temp": lambda win: list(map(mean_of, win)),
            "ph": partial(np.median, axis=1),
            "ammonia": partial(np.max, axis=1),
            "salinity": lambda win: list(map(mean_of, win)),
        }
        self.checks = {
            "temp": lambda h, lim: (h < lim.temp[0]) | (h > lim.temp[1]),
            "ph": lambda h, lim: (h < lim.ph[0]) | (h > lim.ph[1]),
            "ammonia": lambda h, lim: h > lim.ammonia_max,
            "salinity": lambda h, lim: (h < lim.salinity[0]) | (h > lim.salinity[1]),
        }

    def review(self, log):
        lim = EXHIBITS[self.exhibit]
        alarms, summary = {}, {}
        for key, series in log.items():
            h = hourly(series, self.reducers[key])
            alarms[key] = int(self.checks[key](h, lim).sum())
            summary[key] = h
        return alarms, summary


def grade(score):
    return "A" if score < 2100 else "B" if score < 2700 else "C"


def main():
    rng = np.random.default_rng(31)
    names = [f"{ex}-{k}" for ex in EXHIBITS for k in range(9)]
    monitors = [TankMonitor(n, n.split("-")[0]) for n in names]
    n_minutes = DAYS * 24 * MINUTES_PER_HOUR
    total_alarms, checksum = 0, 0.0
    scores = []
    for mon in monitors:
        alarms, summary = mon.review(sensor_log(rng, mon.exhibit, n_minutes))
        total_alarms += sum(alarms.values())
        scores.append(sum(alarms.values()))
        checksum += sum(float(h.sum()) for h in summary.values())
    grades = np.array([grade(s) for s in scores])
    for g in "ABC":
        print(f"grade {g}: {int((grades == g).sum())} tanks")
    print(f"alarms: {total_alarms}")
    print(f"result: {checksum + total_alarms:.10e}")


main()
