# ruff: noqa
"""Annealing-kiln controller for a glass-blowing studio: a batch of blown pieces cools in the
lehr, each piece's wall temperature relaxes towards the kiln air, the controller follows the
annealing schedule from the batch's mean temperature, and a stress estimate is reported per
piece class at the end."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Schedule:
    anneal_point: float = 515.0
    strain_point: float = 470.0
    hold_steps: int = 600
    cool_rate: float = 0.09
    gain: float = 0.35


@dataclass
class LehrBatch:
    temps: np.ndarray
    thickness: np.ndarray
    stress: np.ndarray = field(default=None)

    def __post_init__(self):
        if self.stress is None:
            self.stress = np.zeros_like(self.temps)

    @property
    def mean_temp(self):
        return sum(self.temps) / len(self.temps)

    def relax(self, air, dt):
        k = dt / (1.0 + 4.0 * self.thickness)
        gradient = air - self.temps
        self.temps += k * gradient
        self.stress += np.abs(gradient) * self.thickness * (self.temps > 470.0) * 1e-4
        self.stress *= 0.9995


class KilnController:
    def __init__(self, schedule):
        self.schedule = schedule
        self.air = 560.0
        self.power_log = []

    def target(self, step):
        s = self.schedule
        if step < s.hold_steps:
            return s.anneal_point
        return max(s.anneal_point - s.cool_rate * (step - s.hold_steps), 300.0)

    def update(self, batch, step):
        error = self.target(step) - batch.mean_temp
        power = self.schedule.gain * error
        self.air += 0.05 * power
        self.power_log.append(power)
        return power


def make_batch(rng, n):
    temps = rng.normal(540.0, 6.0, size=n)
    thickness = rng.uniform(0.2, 1.5, size=n)
    return LehrBatch(temps=temps, thickness=thickness)


rng = np.random.default_rng(11)
batch = make_batch(rng, 6000)
controller = KilnController(Schedule())
step = 0
while step < 2600:
    controller.update(batch, step)
    batch.relax(controller.air, 0.02)
    step += 1

classes = np.digitize(batch.thickness, [0.5, 0.8, 1.1])
summary = np.empty(0)
for c in range(4):
    summary = np.append(summary, batch.stress[classes == c].mean())
for c, s in enumerate(summary):
    print(f"class {c}: mean stress {s:.6f}")
print(f"final air {controller.air:.3f}")
print(f"result: {summary.sum() + controller.air + float(np.mean(controller.power_log)):.10e}")
