# ruff: noqa
"""Hive scale telemetry for a beekeeping cooperative.

Every hive of the cooperative's apiaries sits on a load-cell scale that reports its weight every
ten minutes. The weights are corrected for the load cells' temperature drift, the nightly weights
give each hive's daily nectar flow, and the apiaries' season totals are summed. Prints the
cooperative's total flow and the best hive.
"""

import math
from dataclasses import dataclass, field

import numpy as np

READINGS_PER_DAY = 144


@dataclass
class ScaleCalibration:
    drift_per_degree: float = 0.0021
    reference_temp: float = 18.0


@dataclass
class HiveLog:
    hive_id: str
    raw_kg: np.ndarray
    temp_c: np.ndarray
    calibration: ScaleCalibration = field(default_factory=ScaleCalibration)

    @property
    def corrected_kg(self) -> np.ndarray:
        c = self.calibration
        factors = np.exp(-c.drift_per_degree * (self.temp_c - c.reference_temp))
        return self.raw_kg * factors

    def daily_flow(self) -> np.ndarray:
        days = self.corrected_kg.reshape(-1, READINGS_PER_DAY)
        night = days[:, :24].mean(axis=1)
        return np.diff(night, prepend=night[0])

    def peak_day(self) -> int:
        days = self.corrected_kg.reshape(-1, READINGS_PER_DAY)
        return int(np.argmax(days.max(axis=1) - days.min(axis=1)))


@dataclass
class Apiary:
    name: str
    hives: list


def simulate_hive(hive_id: str, n_days: int, rng: np.random.Generator) -> HiveLog:
    t = np.arange(n_days * READINGS_PER_DAY) / READINGS_PER_DAY
    daily = np.sin(2 * np.pi * t)
    season = np.sin(np.pi * t / n_days)
    temp = 14.0 + 9.0 * daily + 6.0 * season + rng.normal(0.0, 0.8, t.size)
    forage = np.clip(daily, 0.0, None) * season * rng.uniform(0.02, 0.05)
    weight = 32.0 + np.cumsum(forage) / 20.0 + rng.normal(0.0, 0.05, t.size)
    return HiveLog(hive_id, weight, temp)


def build_cooperative(rng: np.random.Generator) -> list:
    apiaries = []
    for name, n_hives in (("orchard", 16), ("heath", 14), ("riverside", 18), ("lime-row", 12)):
        hives = [simulate_hive(f"{name}-{i:02d}", 270, rng) for i in range(n_hives)]
        apiaries.append(Apiary(name, hives))
    return apiaries


def main() -> None:
    rng = np.random.default_rng(11)
    apiaries = build_cooperative(rng)
    totals = {}
    best = ("", -np.inf)
    for apiary in apiaries:
        flows = np.stack([hive.daily_flow() for hive in apiary.hives])
        season = flows.clip(min=0.0).sum(axis=1)
        totals[apiary.name] = float(season.sum())
        i = int(np.argmax(season))
        if season[i] > best[1]:
            best = (apiary.hives[i].hive_id, float(season[i]))
    peaks = [hive.peak_day() for apiary in apiaries for hive in apiary.hives]
    total = sum(totals.values())
    print(f"cooperative flow: {total:.3f} kg, best hive {best[0]} ({best[1]:.3f} kg)")
    print(f"result: {total + sum(peaks) * 1e-3:.10e}")


if __name__ == "__main__":
    main()
