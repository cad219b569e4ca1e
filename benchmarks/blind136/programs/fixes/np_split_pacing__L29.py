# ruff: noqa
"""Marathon pacing report: GPS pace samples for every finisher are cleaned, each runner's
fastest and slowest kilometre and pacing evenness are computed, and the field is ranked by
age group with a summary of negative splits."""
from dataclasses import dataclass

import numpy as np

AGE_GROUPS = ["18-29", "30-39", "40-49", "50-59", "60+"]


@dataclass
class Finisher:
    bib: int
    age_group: str
    pace: np.ndarray  # seconds per km, one sample every 50 m
    splits: np.ndarray  # 5 km chip splits, seconds

    @property
    def slowest_pace(self):
        return max(self.pace)

    @property
    def fastest_pace(self):
        return float(self.pace.min())

    @property
    def negative_split(self):
        halves = self.splits
        return halves[:4].sum() > halves[4:].sum()

    def evenness(self):
        return float(self.pace.std() / self.pace.mean())


def simulate_field(rng, n_runners, n_samples):
    base = rng.normal(330.0, 45.0, size=(n_runners, 1))
    fatigue = np.linspace(0.0, 1.0, n_samples) ** 2 * rng.uniform(5.0, 60.0, size=(n_runners, 1))
    pace = base + fatigue + rng.normal(0.0, 12.0, size=(n_runners, n_samples))
    pace = np.clip(pace, 170.0, 900.0)
    per_split = pace.reshape(n_runners, 8, -1).mean(axis=2) * 5.0
    groups = rng.integers(0, len(AGE_GROUPS), size=n_runners)
    return [Finisher(i + 1, AGE_GROUPS[g], pace[i], per_split[i]) for i, g in enumerate(groups)]


def smooth_field(field, width=9):
    kernel = np.ones(width) / width
    stacked = np.stack([f.pace for f in field])
    padded = np.pad(stacked, ((0, 0), (width // 2, width // 2)), mode="edge")
    windows = np.lib.stride_tricks.sliding_window_view(padded, width, axis=1)
    return (windows * kernel).sum(axis=2)


rng = np.random.default_rng(2024)
field = simulate_field(rng, 6000, 840)
smoothed = smooth_field(field)
for f, row in zip(field, smoothed):
    f.pace = row
report = {g: [] for g in AGE_GROUPS}
for f in field:
    report[f.age_group].append((f.slowest_pace - f.fastest_pace, f.evenness(), f.negative_split))
walked = [f.bib for f in field if f.slowest_pace > 540.0]
print(f"{len(walked)} finishers walked at some point")
total = float(len(walked))
for g in AGE_GROUPS:
    rows = np.array(report[g], dtype=float)
    print(f"{g}: {len(rows)} finishers, mean spread {rows[:, 0].mean():.1f} s/km, "
          f"negative splits {rows[:, 2].mean():.1%}")
    total += rows[:, 0].sum() + rows[:, 1].sum() * 100 + rows[:, 2].sum()
print(f"result: {total:.10e}")
