# ruff: noqa
"""Quality control of a paper machine's reels: the traversing scanner's moisture readings are
smoothed with the mill's exponential filter, every reel is checked against the limits of its paper
grade, and a pass/fail report with the worst excursions is printed."""
from dataclasses import dataclass

import numpy as np
from scipy.signal import detrend

GRADES = {
    "newsprint": (7.5, 9.5),
    "kraft": (6.0, 8.5),
    "tissue": (4.0, 6.5),
    "coated": (4.5, 6.0),
    "liner": (6.5, 8.5),
    "fluting": (7.0, 9.0),
    "bond": (4.5, 6.5),
    "book": (5.0, 7.0),
    "label": (5.5, 7.0),
    "sack": (6.5, 8.0),
    "board": (7.0, 9.5),
    "cigarette": (4.0, 5.5),
}


def exp_filter(x, alpha):
    y = np.empty_like(x)
    acc = x[0]
    i = 0
    while i < len(x):
        acc = alpha * x[i] + (1.0 - alpha) * acc
        y[i] = acc
        i += 1
    return y


def smooth_profile(readings, cfg):
    level = readings.mean()
    return exp_filter(detrend(readings, type="constant"), cfg.alpha) + level


@dataclass
class FilterConfig:
    alpha: float = 0.02
    excursion: float = 0.3


class Reel:
    def __init__(self, reel_id, grade, readings):
        self.reel_id = reel_id
        self.grade = grade
        self.readings = readings

    def qc(self, cfg):
        smooth = smooth_profile(self.readings, cfg)
        lo, hi = GRADES[self.grade]
        out = (smooth < lo - cfg.excursion) | (smooth > hi + cfg.excursion)
        return smooth, out.mean(), np.abs(smooth - 0.5 * (lo + hi)).max()


def grade_width(name):
    lo, hi = GRADES[name]
    return hi - lo


rng = np.random.default_rng(21)
names = list(GRADES)
cfg = FilterConfig()
n_reels, n_readings = 36, 120_000
reels = []
for r in range(n_reels):
    grade = names[r % len(names)]
    lo, hi = GRADES[grade]
    walk = np.cumsum(rng.normal(0.0, 0.002, size=n_readings))
    readings = 0.5 * (lo + hi) + walk + rng.normal(0.0, 0.4, size=n_readings)
    reels.append(Reel(r, grade, readings))
widths = np.diff(np.array([GRADES[n] for n in names]), axis=1)[:, 0]
total = 0.0
fails = 0
for reel in reels:
    smooth, frac_out, worst = reel.qc(cfg)
    fails += frac_out > 0.05
    total += smooth.mean() + frac_out + worst
    if reel.reel_id % 12 == 0:
        print(f"reel {reel.reel_id:3d} ({reel.grade:>9}): {100 * frac_out:5.1f}% out of limits, worst {worst:.2f}")
print(f"{fails} of {n_reels} reels failed")
print(f"result: {total + widths.sum() + fails:.10e}")
