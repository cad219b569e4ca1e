"""Press-house sugar log: refractometer readings from the harvest bins, corrected to 20 C,
graded per bin and turned into the potential-alcohol sheet for the press schedule."""
from dataclasses import dataclass, field
from functools import partial

import numpy as np


@dataclass(frozen=True)
class Variety:
    name: str
    base_brix: float
    spread: float
    bins: int


VARIETIES = (
    Variety("Kingston Black", 14.8, 1.1, 700),
    Variety("Dabinett", 13.2, 0.9, 900),
    Variety("Yarlington Mill", 12.6, 1.3, 800),
)


@dataclass
class Bin:
    variety: str
    day: int
    readings: np.ndarray
    temps: np.ndarray = field(repr=False)

    @property
    def mean_brix(self):
        return self.readings.sum() / self.readings.size

    @property
    def potential_abv(self):
        sg = 1.0 + self.mean_brix / (258.6 - 227.1 * self.mean_brix / 258.2)
        return (sg - 1.0) * 131.25


def temp_correct(raw, temps, coeff=0.07):
    # the press-house refractometer has no ATC; correct every reading to 20 C
    return raw + coeff * (temps - 20.0)


def pick_bins(variety, rng, n_readings):
    for b in range(variety.bins):
        day = int(rng.integers(0, 40))
        ripening = 0.04 * day
        temps = rng.normal(14.0, 3.0, n_readings)
        raw = rng.normal(variety.base_brix + ripening, variety.spread, n_readings)
        yield Bin(variety.name, day, temp_correct(raw, temps), temps)


def grade(bin_, lo=12.5, hi=16.0):
    b = bin_.mean_brix
    return "press" if lo <= b <= hi else ("hold" if b < lo else "blend-down")


def main():
    rng = np.random.default_rng(2024)
    bins = [b for v in VARIETIES for b in pick_bins(v, rng, 3000)]
    grades = list(map(partial(grade, lo=12.8), bins))
    to_press = [b for b, g in zip(bins, grades) if g == "press"]
    to_press.sort(key=lambda b: (-b.potential_abv, b.day))

    per_variety = {}
    days = np.array([b.day for b in bins])
    means = np.array([b.mean_brix for b in bins])
    names = np.array([b.variety for b in bins])
    for v in VARIETIES:
        mask = names == v.name
        slope = np.polyfit(days[mask], means[mask], 1)[0]
        per_variety[v.name] = (means[mask].mean(), slope)

    boot_rng = np.random.default_rng(7)
    idx = boot_rng.integers(0, means.size, (6000, means.size))
    lo, hi = np.percentile(means[idx].mean(axis=1), [2.5, 97.5])

    abv = np.array([b.potential_abv for b in to_press[:500]])
    spread = np.std(np.concatenate([b.readings for b in to_press[:200]]))
    score = abv.mean() + spread + (hi - lo) + sum(m + 10 * s for m, s in per_variety.values())
    print(f"result: {score:.10f}")


if __name__ == "__main__":
    main()
