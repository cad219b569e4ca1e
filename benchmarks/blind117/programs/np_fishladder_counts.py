# ruff: noqa
"""Season report for a river's fish ladders: simulates the per-minute counts of four species at
the video counter of six ladders over a 120-day run, builds each series' cumulative passage
curve, finds the day on which half of the run has passed, and prints a summary per ladder."""
from dataclasses import dataclass, field

import numpy as np

SPECIES = ("sockeye", "chinook", "coho", "steelhead")
LADDERS = ("lower-weir", "mill-race", "bypass-a", "bypass-b", "dam-east", "dam-west")
MINUTES_PER_DAY = 1440


@dataclass
class CounterSeries:
    ladder: str
    species: str
    counts: np.ndarray
    notes: list = field(default_factory=list)

    @property
    def label(self):
        return f"{self.ladder}/{self.species}"

    def passage_curve(self):
        counts = self.counts
        curve = np.empty_like(counts)
        total = 0.0
        for i in range(counts.shape[0]):
            total = total + counts[i]
            curve[i] = total
        return curve


@dataclass
class RunConfig:
    days: int = 120
    run_center: float = 55.0
    spread: float = 11.0
    base_rate: float = 0.9


def simulate_ladder(rng, ladder, cfg, offset):
    t = np.arange(cfg.days * MINUTES_PER_DAY) / MINUTES_PER_DAY
    diel = 1.0 + 0.6 * np.sin(2.0 * np.pi * (t - 0.3))
    series = []
    for k, species in enumerate(SPECIES):
        peak = cfg.run_center + offset + 7.0 * (k - 1.5)
        rate = cfg.base_rate * np.exp(-0.5 * ((t - peak) / cfg.spread) ** 2) * diel
        counts = rng.poisson(rate).astype(np.float64)
        series.append(CounterSeries(ladder, species, counts))
    return series


def half_run_day(curve):
    return np.searchsorted(curve, 0.5 * curve[-1]) / MINUTES_PER_DAY


def season_rows(series):
    curves = (s.passage_curve() for s in series)
    rows = []
    for s, curve in zip(series, curves):
        rows.append((s.label, curve[-1], half_run_day(curve), curve[::MINUTES_PER_DAY].mean()))
    return rows


def main():
    rng = np.random.default_rng(2026)
    cfg = RunConfig()
    series = []
    for j, ladder in enumerate(LADDERS):
        series.extend(simulate_ladder(rng, ladder, cfg, offset=1.5 * j))
    rows = season_rows(series)
    summary = np.zeros(0)
    for ladder in LADDERS:
        mine = [r for r in rows if r[0].startswith(ladder + "/")]
        total = sum(r[1] for r in mine)
        median_day = float(np.median([r[2] for r in mine]))
        summary = np.append(summary, [total, median_day])
        print(f"{ladder:>11}: {total:9.0f} fish, half the run by day {median_day:6.2f}")
    check = summary.sum() + sum(r[3] for r in rows) * 1e-3
    print(f"result: {check:.10e}")


if __name__ == "__main__":
    main()
