# ruff: noqa
"""Egg grading for a layer farm: each house's daily collection is weighed on the grader, eggs are
sorted into the S/M/L/XL/jumbo weight bands (cracked and dirty eggs go to breakers), and the daily
pack-out report gives each house's saleable mass, band mix and the busiest band."""
import numpy as np

BANDS_G = np.array([53.0, 63.0, 73.0, 83.0])
BAND_NAMES = ["S", "M", "L", "XL", "J"]
N_HOUSES = 12
DAYS = 50


class LayerHouse:
    def __init__(self, house_id, hens, flock_age_weeks, rng):
        self.house_id = house_id
        self.hens = hens
        self.age = flock_age_weeks
        self.rng = rng

    def lay_rate(self):
        return 0.95 - 0.004 * max(self.age - 30, 0)

    def mean_weight(self):
        return 52.0 + 12.0 * (1.0 - np.exp(-(self.age - 18) / 15.0))

    def collect(self):
        n = self.rng.binomial(self.hens, self.lay_rate())
        w = self.rng.normal(self.mean_weight(), 5.5, n)
        shell = self.rng.normal(4.2 - 0.02 * self.age, 0.45, n) - 0.015 * (w - 60.0)
        p_crack = 1.0 / (1.0 + np.exp(6.0 * (shell - 2.6)))
        cracked = self.rng.random(n) < p_crack
        self.age += 1.0 / 7.0
        return w, cracked


def saleable_mass(weights, cracked):
    good = weights[~cracked]
    return sum(good) / 1000.0


def grade(weights, cracked):
    bands = np.digitize(weights[~cracked], BANDS_G)
    return np.bincount(bands, minlength=len(BAND_NAMES))


def main():
    rng = np.random.default_rng(3)
    houses = [LayerHouse(h, 20000 + 2500 * (h % 4), 22.0 + 3.0 * h, rng) for h in range(N_HOUSES)]
    total_kg = 0.0
    band_totals = np.zeros(len(BAND_NAMES), dtype=np.int64)
    busiest = []
    for day in range(DAYS):
        day_counts = np.zeros(len(BAND_NAMES), dtype=np.int64)
        for house in houses:
            w, cracked = house.collect()
            total_kg += saleable_mass(w, cracked)
            day_counts += grade(w, cracked)
        top = max(day_counts)
        busiest.append(BAND_NAMES[int(np.argmax(day_counts))])
        band_totals += day_counts
        if day % 10 == 0:
            print(f"day {day:3d}: {day_counts.sum():7d} eggs graded, busiest band {busiest[-1]} ({top})")
    mix = band_totals / band_totals.sum()
    print("mix " + " ".join(f"{n}:{m:.3f}" for n, m in zip(BAND_NAMES, mix)))
    print(f"result: {total_kg + 1000.0 * mix[2]:.10e}")


main()
