# ruff: noqa
"""Solar salt works: hourly weather drives evaporation in a chain of concentrating ponds; each
pond's brine strength follows the inflow it receives, and the crystallisers are harvested when
the brine passes saturation. Prints the season's harvest per pond group."""
from dataclasses import dataclass

import numpy as np

HOURS = 24 * 365 * 5
PAN_COEF = [0.62, 0.64, 0.68, 0.72, 0.76, 0.79, 0.80, 0.79, 0.75, 0.70, 0.66, 0.63]


@dataclass
class PondSpec:
    area_ha: float
    depth_m: float
    keep: float  # fraction of yesterday's brine strength that stays in the pond each hour
    group: str


def weather(rng: np.random.Generator, n_hours: int):
    t = np.arange(n_hours)
    season = np.sin(2 * np.pi * (t / (24 * 365.0) - 0.3))
    daily = np.sin(2 * np.pi * (t % 24) / 24.0 - 1.2)
    temp = 18.0 + 9.0 * season + 6.0 * daily + rng.normal(0, 1.5, n_hours)
    wind = np.abs(4.0 + 2.0 * rng.standard_normal(n_hours))
    humid = np.clip(0.65 - 0.15 * season - 0.1 * daily + rng.normal(0, 0.05, n_hours), 0.2, 0.98)
    return temp, wind, humid


def evaporation(temp, wind, humid, depth):
    """Penman-style hourly evaporation (mm), lower in deep ponds."""
    es = 0.6108 * np.exp(17.27 * temp / (temp + 237.3))
    e = (0.26 * (1.0 + 0.54 * wind) * es * (1.0 - humid)) / 24.0
    return e / (1.0 + 0.3 * depth)


def running_loss(net_mm):
    """Water lost from the pond since the season opened, hour by hour (mm)."""
    total = 0.0
    i = 0
    while i < len(net_mm):
        total += net_mm[i]
        yield total
        i += 1


def pond_strength(spec: PondSpec, evap: np.ndarray, rain: np.ndarray, feed: np.ndarray):
    lost = np.cumsum(evap - rain)
    head = np.maximum(1000.0 * spec.depth_m - 0.02 * lost, 50.0)
    return feed * (1000.0 * spec.depth_m / head) ** 0.15


def main():
    rng = np.random.default_rng(5150)
    temp, wind, humid = weather(rng, HOURS)
    months = np.arange(12)
    pan = np.vectorize(lambda m: PAN_COEF[m % 12])(months)
    specs = [PondSpec(rng.uniform(5, 40), rng.uniform(0.3, 0.9), 1.0 - rng.uniform(0.002, 0.02),
                      ["north", "south", "east"][k % 3]) for k in range(56)]
    sea = 3.5 + 0.2 * np.sin(2 * np.pi * np.arange(HOURS) / (24 * 14.77))
    month_of_hour = (np.arange(HOURS) // (24 * 30.42)).astype(np.int64) % 12
    rain = np.where(rng.random(HOURS) < 0.03, rng.exponential(1.2, HOURS), 0.0)
    harvest = {}
    feed = sea
    for spec in specs:
        evap = evaporation(temp, wind, humid, spec.depth_m) * pan[month_of_hour]
        strength = pond_strength(spec, evap, rain, feed)
        conc = np.minimum(strength * (1.0 + 0.12 * evap / evap.mean()), 35.0)
        saturated = conc > 26.0
        tonnes = spec.area_ha * 10.0 * float(np.sum(evap[saturated])) * 0.3
        harvest[spec.group] = harvest.get(spec.group, 0.0) + tonnes
        feed = conc
    for g, t in sorted(harvest.items()):
        print(f"{g:>6} group: {t:12.1f} t of salt")
    total = sum(harvest.values())
    print(f"result: {total + float(feed.mean()):.10e}")


main()
