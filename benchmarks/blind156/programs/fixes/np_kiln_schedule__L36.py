# ruff: noqa
"""Annealing-kiln controller for a glassblowing studio.

Each firing takes a batch of blown pieces through a schedule of ramps and holds (anneal point,
strain point, cool-down). A PI controller drives the kiln's element power against a simple
thermal model of the kiln and its load; the controller's log of kiln temperatures is kept for
the firing report. Prints the worst tracking error over the firings and a checksum of the logs.
"""

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Segment:
    target_c: float
    rate_c_per_min: float
    hold_min: float


@dataclass(frozen=True)
class KilnModel:
    heat_capacity: float = 42.0
    loss_coeff: float = 0.018
    max_power: float = 9.5
    ambient_c: float = 21.0


class KilnLog:
    def __init__(self) -> None:
        self._temps = []
        self.setpoints = []

    @property
    def temps(self) -> np.ndarray:
        return np.asarray(self._temps, dtype=float)

    def record(self, temp_c: float, setpoint_c: float) -> None:
        self._temps.append(temp_c)
        self.setpoints.append(setpoint_c)

    def tracking_error(self) -> float:
        return float(np.max(np.abs(self.temps - np.asarray(self.setpoints))))


def setpoint_profile(start_c: float, schedule: list, dt_min: float) -> np.ndarray:
    pieces = []
    current = start_c
    for seg in schedule:
        n_ramp = max(1, int(abs(seg.target_c - current) / seg.rate_c_per_min / dt_min))
        pieces.append(np.linspace(current, seg.target_c, n_ramp, endpoint=False))
        pieces.append(np.full(int(seg.hold_min / dt_min), seg.target_c))
        current = seg.target_c
    return np.concatenate(pieces)


class Controller:
    def __init__(self, kp: float, ki: float, model: KilnModel) -> None:
        self.kp, self.ki, self.model = kp, ki, model
        self.integral = 0.0

    def power(self, error: float, dt: float) -> float:
        self.integral += error * dt
        u = self.kp * error + self.ki * self.integral
        return min(max(u, 0.0), self.model.max_power)


def fire(schedule: list, load_kg: float, model: KilnModel, dt_min: float = 0.007):
    profile = setpoint_profile(510.0, schedule, dt_min)
    ctrl = Controller(kp=0.9, ki=0.004, model=model)
    log = KilnLog()
    temp = 505.0
    capacity = model.heat_capacity + 0.8 * load_kg
    for sp in profile:
        p = ctrl.power(float(sp) - temp, dt_min)
        temp += dt_min * (p * 60.0 - model.loss_coeff * 60.0 * (temp - model.ambient_c)) / capacity
        log.record(temp, float(sp))
    return log


def main() -> None:
    model = KilnModel()
    schedules = {
        "goblets": [Segment(482.0, 2.0, 45.0), Segment(427.0, 1.0, 10.0), Segment(370.0, 1.5, 0.0)],
        "vases": [Segment(482.0, 1.5, 60.0), Segment(427.0, 0.8, 15.0), Segment(370.0, 1.2, 0.0)],
        "paperweights": [Segment(482.0, 1.0, 90.0), Segment(420.0, 0.5, 20.0), Segment(380.0, 0.8, 0.0)],
    }
    loads = {"goblets": 6.0, "vases": 11.0, "paperweights": 18.0}
    summary = np.empty((0, 3))
    worst = 0.0
    checksum = 0.0
    for name, schedule in schedules.items():
        log = fire(schedule, loads[name], model)
        worst = max(worst, log.tracking_error())
        checksum += float(log.temps.sum())
        summary = np.concatenate([summary, [[log.temps.min(), log.temps.mean(), log.temps.max()]]])
    print(f"worst tracking error: {worst:.3f} C over {len(schedules)} firings")
    print(f"result: {checksum + summary.sum():.10e}")


if __name__ == "__main__":
    main()
