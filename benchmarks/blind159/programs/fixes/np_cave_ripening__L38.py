# ruff: noqa
"""Affineur's cave ledger: simulates the ripening of every wheel on the cave's shelves over a
season. Each day the cave's climate (temperature, humidity, airflow) drives moisture loss and rind
growth per wheel; the day's turning and brushing rota is applied; registered daily hooks keep the
moisture log and the turning count. At the end the moisture history is summarised per shelf;
prints a checksum of the final state and the log."""

from dataclasses import dataclass

import numpy as np


@dataclass
class CaveClimate:
    temp_c: float
    humidity: float
    airflow: float

    def as_setpoint(self):
        return np.array([self.temp_c, self.humidity, self.airflow, 1.0])


@dataclass
class CheeseWheels:
    moisture: np.ndarray  # fraction of mass
    rind_mm: np.ndarray
    shelf: np.ndarray  # shelf index per wheel
    turned: np.ndarray  # times turned


class MoistureLog:
    """Daily hook: keeps every wheel's moisture, one row per day."""

    def __init__(self, n_wheels):
        self.rows = []

    def __call__(self, day, wheels):
        self.rows.append(wheels.moisture.copy())

    @property
    def history(self):
        return np.vstack(self.rows)

    def per_shelf_mean(self, shelf, n_shelves):
        history = self.history
        counts = np.bincount(shelf, minlength=n_shelves)
        sums = np.zeros((history.shape[0], n_shelves))
        for s in range(n_shelves):
            sums[:, s] = history[:, shelf == s].sum(axis=1)
        return sums / counts


class TurningTally:
    def __init__(self):
        self.total = 0

    def __call__(self, day, wheels):
        self.total += int(wheels.turned.sum())


class Cave:
    def __init__(self, name, climate, hooks=()):
        self.name = name
        self.climate = climate
        self.hooks = list(hooks)

    def seasonal_climate(self, day):
        base = np.copy(self.climate.as_setpoint())
        swing = np.sin(2 * np.pi * day / 365.0)
        return base[0] + 1.5 * swing, base[1] - 0.02 * swing, base[2]

    def step(self, day, wheels, rng):
        temp, humidity, airflow = self.seasonal_climate(day)
        drying = 0.0009 * (temp / 12.0) * (1.0 - humidity) * airflow
        wheels.moisture -= (
            drying * wheels.moisture * (1.0 + 0.05 * rng.standard_normal(wheels.moisture.size))
        )
        wheels.rind_mm += 0.004 * (1.0 - wheels.moisture)
        rota = (np.arange(wheels.turned.size) + day) % 3 == 0
        wheels.turned += rota

    def run(self, days, wheels, rng):
        for day in range(days):
            self.step(day, wheels, rng)
            for hook in self.hooks:
                hook(day, wheels)


def main():
    rng = np.random.default_rng(7)
    n_wheels, n_shelves, days = 3000, 12, 600
    wheels = CheeseWheels(
        moisture=rng.uniform(0.38, 0.46, n_wheels),
        rind_mm=np.zeros(n_wheels),
        shelf=rng.integers(0, n_shelves, n_wheels),
        turned=np.zeros(n_wheels, dtype=np.int64),
    )
    log = MoistureLog(n_wheels)
    tally = TurningTally()
    cave = Cave("Cave des Voûtes", CaveClimate(11.5, 0.93, 0.6), hooks=[log, tally])
    cave.run(days, wheels, rng)
    shelf_curve = log.per_shelf_mean(wheels.shelf, n_shelves)
    print(f"days logged: {log.history.shape[0]}, turns: {tally.total}")
    checksum = shelf_curve.sum() + wheels.rind_mm.sum() + 1e-6 * tally.total
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
