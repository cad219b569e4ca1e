# ruff: noqa
"""Season report for a beekeeping co-operative's hive scales: every hive has a load cell that
logs its weight many times a day; the program simulates a season of nectar flow, consumption
and rain, tracks each hive's daily net gain, flags hives that lose weight for a week, and prints
a co-operative summary."""
from dataclasses import dataclass, field

import numpy as np

READINGS_PER_DAY = 1440


@dataclass
class Hive:
    hive_id: int
    apiary: str
    readings: np.ndarray = field(repr=False)
    history: list = field(default_factory=list)

    @property
    def day_total(self):
        return sum(self.readings)

    def log_day(self):
        self.history.append(self.day_total / READINGS_PER_DAY)


@dataclass
class SeasonConfig:
    n_days: int = 150
    hives_per_apiary: int = 24
    apiaries: tuple = ("north-ridge", "clover-flat", "river-bend")
    flow_scale: float = 0.35


def nectar_flow(day, n_days, profile):
    phase = np.sin(np.pi * day / n_days) ** 2
    return phase * profile


def simulate(cfg, rng):
    hives = []
    for a, name in enumerate(cfg.apiaries):
        for h in range(cfg.hives_per_apiary):
            base = rng.uniform(28.0, 45.0)
            hives.append(Hive(a * 100 + h, name, np.full(READINGS_PER_DAY, base)))
    profile = np.exp(-0.5 * ((np.arange(READINGS_PER_DAY) - 780.0) / 180.0) ** 2)
    bank = np.stack([hv.readings for hv in hives])
    forage = rng.uniform(0.6, 1.4, size=(len(hives), 1))
    for day in range(cfg.n_days):
        flow = nectar_flow(day, cfg.n_days, profile) * cfg.flow_scale
        noise = rng.normal(0.0, 0.05, size=bank.shape)
        rain = rng.random(len(hives)) < 0.1
        gain = forage * flow[None, :] * np.where(rain, 0.2, 1.0)[:, None]
        bank = bank[:, -1:] + np.cumsum(gain - 0.0015, axis=1) / 60.0 + noise
        smooth = np.convolve(bank.mean(axis=0), np.ones(15) / 15.0, mode="same")
        bank -= 0.001 * (bank - smooth[None, :])
        for i, hv in enumerate(hives):
            hv.readings = bank[i]
            hv.log_day()
    return hives


def losing_streaks(hives, window=7):
    flagged = []
    for hv in hives:
        daily = np.diff(np.asarray(hv.history))
        run = np.convolve(daily < 0, np.ones(window), mode="valid")
        if np.any(run >= window):
            flagged.append(hv.hive_id)
    return flagged


def main():
    rng = np.random.default_rng(4217)
    cfg = SeasonConfig()
    hives = simulate(cfg, rng)
    season_gain = []
    for name in cfg.apiaries:
        mine = [hv for hv in hives if hv.apiary == name]
        gain = np.mean([hv.history[-1] - hv.history[0] for hv in mine])
        season_gain.append(gain)
        print(f"{name}: mean season gain {gain:.3f} kg")
    season_gain = np.array(season_gain)
    flagged = losing_streaks(hives)
    print(f"hives with a losing week: {len(flagged)}")
    checksum = float(season_gain.sum()) + sum(float(np.mean(hv.history)) for hv in hives)
    print(f"result: {checksum:.10g}")


if __name__ == "__main__":
    main()
