"""Wheel-wear log for the tram depot.

Every night the wheel-profile lathe gauge measures each wheel of the trams that came in
(flange height, flange thickness, qR slope, tread hollow). We keep a running inspection
log per depot, then fit a wear rate per wheel position from it and flag the wheelsets
that will hit the reprofiling limit before their next scheduled visit.
"""
from dataclasses import dataclass, field

import numpy as np

FLANGE_LIMIT_MM = 32.5
AXLES = ("leading", "front bogie", "rear bogie", "trailing")


@dataclass
class Tram:
    number: int
    km_per_day: float
    wheels: int = 8
    base_wear: np.ndarray = field(default=None, repr=False)


@dataclass
class DepotConfig:
    n_trams: int = 30
    nights: int = 540
    seed: int = 5


class InspectionLog:
    """One row per wheel per inspection: tram, wheel, km, flange h, flange t, qR, hollow."""
    columns = 7

    def __init__(self):
        self._blocks = []
        self._rows = None

    @property
    def rows(self):
        if self._rows is None or len(self._rows) != sum(len(b) for b in self._blocks):
            self._rows = np.concatenate(self._blocks, axis=0) if self._blocks else np.empty((0, self.columns))
        return self._rows

    def record(self, tram, km, gauge):
        block = np.column_stack([np.full(tram.wheels, tram.number), np.arange(tram.wheels),
                                 np.full(tram.wheels, km), gauge])
        self._blocks.append(block)

    def for_tram(self, number):
        return self.rows[self.rows[:, 0] == number]


def lathe_gauge(tram, km, rng):
    h = 28.0 + tram.base_wear * km / 1e5 + 0.05 * rng.standard_normal(tram.wheels)
    t = 30.5 - 0.6 * tram.base_wear * km / 1e5 + 0.05 * rng.standard_normal(tram.wheels)
    qr = 9.0 + 0.1 * rng.standard_normal(tram.wheels)
    hollow = 0.02 * km / 1e5 + 0.01 * rng.standard_normal(tram.wheels)
    return np.column_stack([h, t, qr, hollow])


def nightly_visits(fleet, cfg, rng):
    km = {tram.number: 0.0 for tram in fleet}
    for night in range(cfg.nights):
        for tram in fleet:
            km[tram.number] += tram.km_per_day
            if (night + tram.number) % 3 == 0:
                yield tram, km[tram.number]


def wear_rates(log, tram):
    rows = log.for_tram(tram.number)
    rates = []
    for wheel in range(tram.wheels):
        r = rows[rows[:, 1] == wheel]
        slope, _ = np.polyfit(r[:, 2], r[:, 3], 1)
        rates.append(slope)
    return np.array(rates)


def main():
    cfg = DepotConfig()
    rng = np.random.default_rng(cfg.seed)
    fleet = [Tram(n, rng.uniform(150, 260), base_wear=rng.uniform(0.8, 1.6, 8)) for n in range(cfg.n_trams)]
    log = InspectionLog()
    for tram, km in nightly_visits(fleet, cfg, rng):
        log.record(tram, km, lathe_gauge(tram, km, rng))
    days_left = []
    for tram in fleet:
        rate = wear_rates(log, tram)
        latest = log.for_tram(tram.number)[-tram.wheels:, 3]
        days_left.append((FLANGE_LIMIT_MM - latest) / (rate * tram.km_per_day))
    per_axle = np.array(days_left).reshape(cfg.n_trams, len(AXLES), 2).min(axis=2)
    worst = [max(per_axle[:, a]) for a in range(len(AXLES))]
    print(f"result: {float(np.median(per_axle)) + 0.001 * sum(worst):.8f}")


if __name__ == "__main__":
    main()
