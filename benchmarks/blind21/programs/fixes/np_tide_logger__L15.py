# ruff: noqa
"""Tide-gauge data logger: several stations sample a synthetic tide plus surge and noise, a
logger object keeps each station's series, and a summary fits the M2 tidal amplitude per
station by least squares."""
import numpy as np
from dataclasses import dataclass, field


@dataclass
class StationLog:
    name: str
    rows: list = field(default_factory=list)

    def record(self, t, level):
        self.rows.append((t, level))

    @property
    def samples(self):
        return np.array(self.rows, dtype=float).reshape(-1, 2)

    @property
    def times(self):
        return self.samples[:, 0]

    @property
    def levels(self):
        return self.samples[:, 1]


def sampler(rng, amp, phase, surge_rate, n):
    shocks = surge_rate * rng.standard_normal(n)
    t = 0.0
    surge = 0.0
    for shock in shocks:
        t += 0.25
        surge = 0.98 * surge + shock
        yield t, amp * np.cos(2 * np.pi * t / 12.42 + phase) + surge


def fit_m2(times, levels):
    w = 2 * np.pi / 12.42
    design = np.column_stack([np.cos(w * times), np.sin(w * times), np.ones_like(times)])
    coef, *_ = np.linalg.lstsq(design, levels, rcond=None)
    return np.hypot(coef[0], coef[1])


rng = np.random.default_rng(8)
names = ["north", "harbour", "pier", "estuary", "cape", "island"]
summary = np.empty(0)
amps = []
for k, name in enumerate(names):
    log = StationLog(name)
    for t, level in sampler(rng, 1.0 + 0.3 * k, 0.4 * k, 0.05, 34000):
        log.record(t, level)
    amps.append(fit_m2(log.times, log.levels))
    summary = np.append(summary, log.levels.max() - log.levels.min())
for name, a, r in zip(names, amps, summary):
    print(f"{name:>8}: M2 amplitude {a:.3f}, range {r:.3f}")
print(f"result: {sum(amps) + summary.sum():.10e}")
