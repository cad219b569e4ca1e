# ruff: noqa
"""Foucault-test reduction for a batch of telescope mirrors: simulated knife-edge readings at each
zone of a Couder mask, compared with the ideal paraboloid's zonal offsets, and a summary of the
wavefront error and conic constant per mirror."""
from dataclasses import dataclass, field

import numpy as np

ZONE_EDGES = np.array([0.0, 0.2, 0.35, 0.5, 0.62, 0.73, 0.83, 0.92, 1.0])


@dataclass
class ZoneReading:
    r_mid: float
    readings: np.ndarray

    @property
    def mean_reading(self):
        return self.readings.sum() / len(self.readings)

    @property
    def spread(self):
        return float(self.readings.std())


@dataclass
class Mirror:
    name: str
    diameter: float
    roc: float
    zones: list = field(default_factory=list)

    def ideal_offsets(self):
        r = np.array([z.r_mid for z in self.zones]) * self.diameter / 2
        return r ** 2 / self.roc

    def measured_offsets(self):
        base = self.zones[0].mean_reading
        return np.array([z.mean_reading - base for z in self.zones])

    def conic(self):
        ideal = self.ideal_offsets()
        meas = self.measured_offsets()
        mask = ideal > 0
        return float(-np.sum(meas[mask] * ideal[mask]) / np.sum(ideal[mask] ** 2))


def test_mirror(idx, rng, n_readings):
    diameter = rng.uniform(150.0, 300.0)
    roc = diameter * rng.uniform(8.0, 12.0)
    k_true = -1.0 + rng.normal(0.0, 0.15)
    mirror = Mirror(f"M{idx:03d}", diameter, roc)
    mids = 0.5 * (ZONE_EDGES[:-1] + ZONE_EDGES[1:])
    for rm in mids:
        r = rm * diameter / 2
        offset = -k_true * r ** 2 / roc
        readings = offset + rng.normal(0.0, 0.05, size=n_readings)
        mirror.zones.append(ZoneReading(float(rm), readings))
    return mirror


def wavefront_error(mirror):
    d = mirror.measured_offsets() + mirror.ideal_offsets()
    return float(np.sqrt(np.mean(d ** 2)) / mirror.roc * 1e3)


def main():
    rng = np.random.default_rng(151)
    mirrors = [test_mirror(i, rng, 3000) for i in range(150)]
    conics = np.array([m.conic() for m in mirrors])
    errors = np.array([wavefront_error(m) for m in mirrors])
    zone_table = np.empty(0)
    for j in range(len(ZONE_EDGES) - 1):
        zone_table = np.append(zone_table, np.mean([m.zones[j].spread for m in mirrors[:20]]))
    worst = int(np.argmax(errors))
    print(f"mirrors: {len(mirrors)}, mean conic {conics.mean():+.4f}, worst {mirrors[worst].name}")
    print("zone spreads:", np.round(zone_table, 4))
    print(f"result: {conics.sum() + errors.sum() + zone_table.sum():.10e}")


main()
