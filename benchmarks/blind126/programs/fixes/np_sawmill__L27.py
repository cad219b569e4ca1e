# ruff: noqa
"""Sawmill bucking planner: logs come off the deck one by one, each is cut into standard
lengths (greedy on value per metre, with a trim allowance), and the shift report gives the
boards by length, the volume recovered and the waste. Log lengths follow the forest's scaling
records; diameters come from the grader's table."""
import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

STANDARD_LENGTHS = [6.0, 4.8, 3.6, 3.0, 2.4, 1.8]
PRICE_PER_M = {6.0: 31.0, 4.8: 29.5, 3.6: 27.0, 3.0: 25.0, 2.4: 22.0, 1.8: 18.0}
TRIM = 0.05


@dataclass
class Log:
    number: int
    length: float
    small_end_cm: float


def log_deck(rng, diameters, n_logs):
    """The deck: logs in arrival order."""
    lengths = rng.gamma(9.0, 0.75, size=n_logs).tolist()
    for i in range(n_logs):
        length = lengths[i]
        yield Log(i, length, diameters[i % len(diameters)])


def buck(log):
    cuts = []
    left = log.length
    for L in STANDARD_LENGTHS:
        while left >= L + TRIM:
            cuts.append(L)
            left -= L + TRIM
    return cuts, left


def board_volume(length, small_end_cm):
    r = small_end_cm / 200.0
    return math.pi * r * r * length


def shift(rng, diameters, n_logs):
    boards = Counter()
    value = 0.0
    volume = 0.0
    waste = 0.0
    for log in log_deck(rng, diameters, n_logs):
        cuts, left = buck(log)
        for L in cuts:
            boards[L] += 1
            value += PRICE_PER_M[L] * L
            volume += board_volume(L, log.small_end_cm)
        waste += left
    return boards, value, volume, waste


rng = np.random.default_rng(21)
grader = np.random.default_rng(3)
diameters = np.round(rng.uniform(18.0, 55.0, size=997), 1).tolist()
totals = np.zeros(4)
per_shift = []
for s in range(3):
    boards, value, volume, waste = shift(rng, diameters, 180_000)
    downtime = grader.integers(5, 40)
    per_shift.append([value, volume, waste])
    totals += [value, volume, waste, downtime]
    print(f"shift {s}: " + ", ".join(f"{L}m x{boards[L]}" for L in STANDARD_LENGTHS))
print(f"value {totals[0]:.2f}, volume {totals[1]:.3f} m3, waste {totals[2]:.1f} m")
print(f"result: {totals.sum() + np.std(per_shift):.10e}")
