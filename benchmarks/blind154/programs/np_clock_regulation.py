# ruff: noqa
"""Regulation campaign for a workshop of restored mechanical clocks: every clock's daily rate
error is simulated (temperature swings, mainspring run-down, reading noise), its error over the
last readings is tracked, and the regulator is nudged whenever that error drifts past the
workshop's tolerance. Prints a per-clock summary of residual rates and adjustments."""
from dataclasses import dataclass, field

import numpy as np

TOLERANCE_S = 45.0
WINDOW = 1200


@dataclass
class ClockRecord:
    name: str
    rate: float
    tempco: float
    rundown: float
    window: np.ndarray = field(default_factory=lambda: np.zeros(WINDOW))
    pos: int = 0
    adjustments: int = 0

    @property
    def drift(self):
        """Seconds gained or lost over the readings window."""
        return sum(self.window)

    def log(self, reading):
        self.window[self.pos % WINDOW] = reading
        self.pos += 1

    def regulate(self):
        self.rate *= 0.55
        self.tempco *= 0.9
        self.adjustments += 1


def make_clocks(n, rng):
    rates = rng.normal(0.0, 0.4, n)
    tempcos = rng.uniform(0.01, 0.06, n)
    rundowns = rng.uniform(0.0, 0.02, n)
    return [ClockRecord(f"clock-{i:02d}", float(r), float(t), float(d))
            for i, (r, t, d) in enumerate(zip(rates, tempcos, rundowns))]


def campaign(clocks, days, rng):
    temps = (20.0 + 4.0 * np.sin(2 * np.pi * np.arange(days) / 365.0)
             + rng.normal(0.0, 1.5, days)).tolist()
    noise = rng.normal(0.0, 0.05, (days, len(clocks))).tolist()
    for day in range(days):
        wind = day % 8
        for k, clock in enumerate(clocks):
            reading = (clock.rate + clock.tempco * (temps[day] - 20.0)
                       + clock.rundown * wind + noise[day][k])
            clock.log(reading)
            if abs(clock.drift) > TOLERANCE_S:
                clock.regulate()


rng = np.random.default_rng(11)
clocks = make_clocks(24, rng)
campaign(clocks, 640, rng)

summary = np.zeros(0)
for clock in clocks:
    summary = np.append(summary, [clock.rate, clock.window.mean(), clock.adjustments])
summary = summary.reshape(len(clocks), 3)
worst = int(np.argmax(np.abs(summary[:, 1])))
print(f"{clocks[worst].name}: mean rate {summary[worst, 1]:+.4f} s/day, "
      f"{int(summary[worst, 2])} adjustments")
print(f"adjustments: {int(summary[:, 2].sum())}")
print(f"result: {np.abs(summary).sum() + sum(abs(c.drift) for c in clocks) * 1e-3:.10e}")
