# ruff: noqa
"""Glide test of ski waxes on a timed test track: for every wax and snow condition a tester makes
a series of runs, the speed logger gives the skier's speed along the track, and the friction
coefficient of each run is estimated from the deceleration. The waxes are ranked per snow type
by their mean friction with a bootstrap confidence band."""
from dataclasses import dataclass, field

import numpy as np

G = 9.81
DT = 0.01
SNOW = {"new": (-9.0, 0.045), "old": (-3.5, 0.060), "wet": (0.5, 0.085)}
WAXES = {"HF-blue": 0.92, "HF-violet": 0.95, "LF-red": 1.00, "FC-free-yellow": 1.04,
         "graphite": 0.97, "base-only": 1.12}


@dataclass
class GlideRun:
    wax: str
    snow: str
    speeds: np.ndarray
    slope: float

    @property
    def friction(self):
        dv = np.diff(self.speeds) / DT
        return (G * np.sin(self.slope) - dv) / (G * np.cos(self.slope))

    @property
    def mean_mu(self):
        mu = self.friction
        return mu.sum() / len(mu)


@dataclass
class TestDay:
    runs: list = field(default_factory=list)

    def add(self, run):
        self.runs.append(run)

    def by(self, wax, snow):
        return [r for r in self.runs if r.wax == wax and r.snow == snow]


def simulate_run(rng, wax, snow, n_samples):
    temp, mu0 = SNOW[snow]
    mu = mu0 * WAXES[wax] * (1.0 + 0.02 * rng.standard_normal())
    slope = np.deg2rad(rng.uniform(5.5, 6.5))
    accel = G * (np.sin(slope) - mu * np.cos(slope))
    noise = rng.normal(0.0, 0.002, size=n_samples)
    v = 3.0 + accel * DT * np.arange(n_samples) + np.cumsum(noise) * 0.05
    return GlideRun(wax, snow, v, slope)


def bootstrap_band(values, rng, n_boot=30000):
    values = np.asarray(values)
    idx = rng.integers(0, len(values), size=(n_boot, len(values)))
    means = values[idx].mean(axis=1)
    return np.percentile(means, [2.5, 97.5])


def main():
    rng = np.random.default_rng(2024)
    day = TestDay()
    for snow in SNOW:
        for wax in WAXES:
            for _ in range(64):
                day.add(simulate_run(rng, wax, snow, 6000))
    table = {}
    ranking = np.array([])
    for snow in SNOW:
        rows = []
        for wax in WAXES:
            mus = [r.mean_mu for r in day.by(wax, snow)]
            keep = [m for m in mus if abs(m - np.median(mus)) < 0.01]
            lo, hi = bootstrap_band(keep, rng)
            rows.append((wax, float(np.mean(keep)), lo, hi))
        rows.sort(key=lambda r: r[1])
        table[snow] = rows
    for snow in table:
        ranking = np.append(ranking, table[snow][0][1])
    checksum = 0.0
    for snow, rows in table.items():
        print(f"--- {snow} snow ({SNOW[snow][0]:+.1f} C)")
        for wax, m, lo, hi in rows:
            print(f"  {wax:>16}: mu = {m:.5f}  [{lo:.5f}, {hi:.5f}]")
            checksum += m + 0.5 * (lo + hi)
    checksum += float(ranking.sum())
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
