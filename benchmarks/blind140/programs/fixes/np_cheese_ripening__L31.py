# ruff: noqa
"""Ripening model for a cellar of alpine cheese wheels: moisture diffuses out through the rind
(a 1-D profile per wheel), wheels are turned and brushed on a schedule, and a wheel is graded
once its core has dried enough. Prints the grade counts and the cellar's drying statistics."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class CellarConfig:
    n_wheels: int = 40
    n_days: int = 1200
    n_cells: int = 400
    diffusivity: float = 0.22
    rind_loss: float = 0.035
    turn_every: int = 3
    grade_weights: tuple = (0.4, 0.3, 0.2, 0.1)


@dataclass
class Wheel:
    ident: str
    profile: np.ndarray
    age: int = 0
    turns: int = 0
    history: list = field(default_factory=list)

    @property
    def peak_moisture(self):
        return self.profile.max()

    @property
    def core(self):
        return self.profile[len(self.profile) // 2]


def diffuse(profile, d, loss):
    lap = np.empty_like(profile)
    lap[1:-1] = profile[:-2] - 2.0 * profile[1:-1] + profile[2:]
    lap[0] = profile[1] - profile[0]
    lap[-1] = profile[-2] - profile[-1]
    profile += d * lap
    profile[0] *= 1.0 - loss
    profile[-1] *= 1.0 - loss


class Cellar:
    def __init__(self, cfg, rng):
        self.cfg = cfg
        self.wheels = [
            Wheel(f"wheel-{i:03d}", rng.uniform(0.38, 0.46, size=cfg.n_cells))
            for i in range(cfg.n_wheels)
        ]
        self.humidity = rng.uniform(0.85, 0.95, size=cfg.n_days)

    def day(self, t):
        cfg = self.cfg
        for wheel in self.wheels:
            diffuse(wheel.profile, cfg.diffusivity, cfg.rind_loss * (1.0 - self.humidity[t]) * 10)
            wheel.age += 1
            if wheel.age % cfg.turn_every == 0:
                wheel.profile[:] = wheel.profile[::-1]
                wheel.turns += 1
            wheel.history.append(wheel.peak_moisture)

    def grade(self):
        weights = np.array(self.cfg.grade_weights)
        norm = sum(weights)
        counts = np.zeros(4)
        for wheel in self.wheels:
            g = min(3, int((0.43 - wheel.core) * 400))
            counts[max(g, 0)] += 1
        return counts, float(np.dot(counts, weights) / norm)


cfg = CellarConfig()
rng = np.random.default_rng(11)
cellar = Cellar(cfg, rng)
for t in range(cfg.n_days):
    cellar.day(t)
counts, score = cellar.grade()
peaks = np.array([w.history for w in cellar.wheels])
print(f"grades: {counts.astype(int).tolist()}, score {score:.4f}")
print(f"mean peak moisture {peaks.mean():.5f}, final {peaks[:, -1].mean():.5f}")
print(f"result: {peaks.sum() + score + sum(w.turns for w in cellar.wheels):.10e}")
