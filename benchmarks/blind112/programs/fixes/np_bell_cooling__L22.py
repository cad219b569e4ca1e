# ruff: noqa
"""Casting log of a bell foundry: every bell is poured into a loam mould and cools for days
in the pit. From the pit's ambient temperature record (ten-second samples) the log models the
bronze's temperature with Newton's law of cooling, accumulates the degree-hours the bronze
spends above its annealing point, finds when each bell has had enough of them to be dug out,
and reports the alloys' mean times."""
from dataclasses import dataclass

import numpy as np

ALLOYS = {"bell-bronze": 0.00021, "tin-rich": 0.00018, "leaded": 0.00024, "silicon": 0.00020}
DT = 10.0


def newton_cooling(ambient, t_pour, k, dt=DT):
    t = np.arange(len(ambient)) * dt
    return ambient + (t_pour - ambient.mean()) * np.exp(-k * t)


def degree_hours(temps, anneal, dt=DT):
    return np.cumsum(np.maximum(temps - anneal, 0.0) * dt / 3600.0)


@dataclass
class Mould:
    alloy: str
    wall_factor: float

    def cooling(self, ambient, t_pour):
        k = ALLOYS[self.alloy] * self.wall_factor
        temps = newton_cooling(ambient, t_pour, k)
        dose = np.fromiter(degree_hours(temps, anneal=420.0), dtype=float, count=len(temps))
        return temps, dose


@dataclass
class Bell:
    name: str
    mass_kg: float
    mould: Mould


class Foundry:
    def __init__(self, rng):
        self.rng = rng

    def pit_record(self, n):
        hours = np.arange(n) * DT / 3600.0
        return 14.0 + 4.0 * np.sin(2 * np.pi * hours / 24.0) + self.rng.normal(0, 0.3, n)

    def cast(self, bell, n_samples=36000):
        ambient = self.pit_record(n_samples)
        temps, dose = bell.mould.cooling(ambient, t_pour=1100.0)
        ready = int(np.argmax(dose >= 0.5 * dose[-1]))
        return ready * DT / 3600.0, dose


rng = np.random.default_rng(5)
foundry = Foundry(rng)
names = list(ALLOYS)
bells = [Bell(f"bell-{i:02d}", float(rng.uniform(40, 900)),
              Mould(names[i % 4], float(rng.uniform(0.8, 1.2)))) for i in range(96)]
casts = [foundry.cast(b) for b in bells]
hours = np.array([c[0] for c in casts])
total_dose = np.array([c[1][-1] for c in casts])
alloy_of = np.array([b.mould.alloy for b in bells])
for alloy in ALLOYS:
    sel = alloy_of == alloy
    print(f"{alloy:>12}: {sel.sum()} bells, dig out after {hours[sel].mean():.1f} h")
print(f"result: {hours.sum() + total_dose.sum():.10e}")
