# ruff: noqa
"""Regatta race analysis for a one-design fleet: every boat's speed along each leg is predicted
from its fitted polar (a linear model over wind-angle and wind-speed features), the legs are
timed, corrected for handicap, and the race results are ranked."""
from dataclasses import dataclass

import numpy as np

N_FEATURES = 40


def polar_features(twa, tws):
    """Basis of the polar model: harmonics of the true wind angle times powers of wind speed."""
    cols = []
    for k in range(10):
        for p in range(4):
            cols.append(np.cos(k * twa) * tws ** (p * 0.5))
    return np.stack(cols, axis=1)


@dataclass
class Boat:
    sail_no: str
    coef: np.ndarray
    handicap: float

    def speeds(self, feats):
        return np.array([row @ self.coef for row in feats])

    def leg_time(self, leg):
        v = np.maximum(self.speeds(leg.feats), 0.5)
        return float((leg.seg_len / v).sum())


@dataclass
class Leg:
    feats: np.ndarray
    seg_len: np.ndarray


class Race:
    def __init__(self, legs, wind):
        self.legs = legs
        self.wind = wind

    def elapsed(self, boat):
        return sum(boat.leg_time(leg) for leg in self.legs)

    def results(self, fleet):
        peak = self.wind.max()
        times = np.array([self.elapsed(b) * b.handicap for b in fleet])
        return times * (1.0 + 0.001 * peak), np.argsort(times)


def make_race(rng, n_legs, n_seg):
    legs = []
    for _ in range(n_legs):
        twa = rng.uniform(0.6, 2.8, n_seg)
        tws = rng.uniform(6.0, 18.0, n_seg)
        legs.append(Leg(polar_features(twa, tws), rng.uniform(5.0, 15.0, n_seg)))
    return Race(legs, rng.uniform(6.0, 18.0, 16))


rng = np.random.default_rng(5)
base = rng.normal(0.0, 0.05, N_FEATURES)
base[0] = 6.0
fleet = [
    Boat(f"GBR-{100 + i}", base + rng.normal(0.0, 0.01, N_FEATURES), rng.uniform(0.95, 1.05))
    for i in range(24)
]
total = np.zeros(len(fleet))
checksum = 0.0
for r in range(6):
    race = make_race(rng, n_legs=6, n_seg=1200)
    times, order = race.results(fleet)
    total += np.argsort(order) + 1
    checksum += times.sum()
    print(f"race {r + 1}: winner {fleet[order[0]].sail_no} in {times[order[0]]:.1f} s")
standings = np.argsort(total)
for rank, i in enumerate(standings[:5]):
    print(f"{rank + 1}. {fleet[i].sail_no} {total[i]:.0f} pts")
print(f"result: {checksum + total @ np.arange(len(fleet)):.10e}")
