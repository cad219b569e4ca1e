# ruff: noqa
"""Season tally for a contract shearing gang: every shearer's runs (two-hour stints) over the
season's sheds, with the fleece weight of each sheep shorn, are tallied into pay, wool weight
and each shearer's best run. Prints the gang's league table."""
from dataclasses import dataclass

import numpy as np

RATE_PER_HEAD = 3.45
WOOL_PRICE = np.array([11.2, 10.8, 9.9, 9.1, 8.4, 7.6, 6.9, 6.1, 5.2, 4.8, 4.1, 3.3])


@dataclass
class Run:
    shearer: str
    shed: int
    fleece_kg: np.ndarray

    @property
    def tally(self):
        return len(self.fleece_kg)

    def wool_kg(self):
        return sum(self.fleece_kg)


@dataclass
class Shearer:
    name: str
    speed: float
    runs: list


def shear_season(rng, names, n_sheds=120, runs_per_shed=20):
    gang = [Shearer(n, rng.uniform(0.8, 1.25), []) for n in names]
    for shed in range(n_sheds):
        mean_kg = rng.uniform(3.5, 6.0)
        for s in gang:
            for _ in range(runs_per_shed):
                heads = int(rng.normal(60 * s.speed, 6))
                s.runs.append(Run(s.name, shed, rng.gamma(9.0, mean_kg / 9.0, size=heads)))
    return gang


def season_report(gang, grade_of_shed):
    table = []
    for s in gang:
        heads = sum(r.tally for r in s.runs)
        wool = list(map(Run.wool_kg, s.runs))
        prices = grade_of_shed.copy()
        value = sum(w * prices[r.shed % len(prices)] for w, r in zip(wool, s.runs))
        table.append((s.name, heads, heads * RATE_PER_HEAD, float(np.sum(wool)), value, max(wool)))
    return sorted(table, key=lambda row: -row[1])


rng = np.random.default_rng(2024)
names = [f"shearer-{i:02d}" for i in range(14)]
gang = shear_season(rng, names)
scenarios = {"spot": WOOL_PRICE, "forward": WOOL_PRICE * 1.04, "floor": WOOL_PRICE * 0.9,
             "premium": np.maximum(WOOL_PRICE, 8.0)}
tables = {k: season_report(gang, prices) for k, prices in scenarios.items()}
for k, t in tables.items():
    print(f"{k:>8}: gang wool value ${sum(row[4] for row in t):,.2f}")
table = tables["spot"]
for name, heads, pay, wool, value, best in table[:5]:
    print(f"{name}: {heads} head, pay ${pay:,.2f}, wool {wool:,.1f} kg, best run {best:.1f} kg")
print(f"result: {sum(row[1] + row[3] + row[4] + row[5] for t in tables.values() for row in t):.10e}")
