# ruff: noqa
"""Firing-schedule planner for a pottery studio's electric kilns. For each kiln and each candidate
ramp schedule it simulates the ware temperature lagging behind the element temperature, scores
the heat-work the ware receives against a cone-6 target (with noisy thermocouple runs), and keeps
the best schedule per kiln."""
from dataclasses import dataclass, field

import numpy as np
from scipy.signal import savgol_filter

DT_MIN = 0.05
CONE6_TARGET = 2.35


@dataclass
class Schedule:
    ramps: tuple  # (rate degC/h, target degC, hold min)

    def element_profile(self, start=20.0):
        temps = [start]
        for rate, target, hold in self.ramps:
            n = int(abs(target - temps[-1]) / rate * 60 / DT_MIN)
            temps.extend(np.linspace(temps[-1], target, max(n, 2))[1:].tolist())
            temps.extend([target] * int(hold / DT_MIN))
        return np.asarray(temps)


@dataclass
class Kiln:
    name: str
    tau_min: float
    loss: float
    history: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def ware_temperature(self, element):
        a = np.exp(-DT_MIN / self.tau_min)
        b = (1.0 - a) * (1.0 - self.loss)
        ware = np.empty_like(element)
        ware[0] = b * element[0]
        i = 1
        while i < len(element):
            ware[i] = a * ware[i - 1] + b * element[i]
            i += 1
        return ware

    def record(self, score):
        self.history = np.append(self.history, score)


def heat_work(ware, noise):
    runs = ware[None, :] + noise[:, : ware.size]
    kelvin = np.maximum(runs, 20.0) + 273.15
    rate = np.exp(-24000.0 / kelvin) * 1e9
    return rate.sum(axis=1) * DT_MIN / 60.0


def candidate_schedules(rng, n):
    out = []
    for _ in range(n):
        r1 = rng.uniform(80, 160)
        r2 = rng.uniform(100, 200)
        r3 = rng.uniform(40, 90)
        out.append(Schedule(((r1, 600.0, rng.uniform(0, 20)), (r2, 1100.0, 0.0),
                             (r3, rng.uniform(1200, 1240), rng.uniform(5, 20)))))
    return out


def plan(kilns, schedules, rng):
    noise = rng.normal(0.0, 6.0, size=(8, 24000))
    best = {}
    for kiln in kilns:
        scores = []
        for sched in schedules:
            ware = kiln.ware_temperature(sched.element_profile())
            work = heat_work(ware, noise)
            scores.append(float(np.mean(np.abs(work - CONE6_TARGET)) + 0.01 * ware.size * DT_MIN / 60))
        k = int(np.argmin(scores))
        kiln.record(scores[k])
        smooth = savgol_filter(kiln.ware_temperature(schedules[k].element_profile()), 31, 3)
        best[kiln.name] = (k, scores[k] + 1e-3 * float(smooth.max()))
    return best


rng = np.random.default_rng(11)
kilns = [Kiln("skutt-1", 9.0, 0.002), Kiln("skutt-2", 11.0, 0.003),
         Kiln("olympic", 14.0, 0.002), Kiln("test-kiln", 6.0, 0.004)]
schedules = candidate_schedules(rng, 48)
best = plan(kilns, schedules, rng)
for name, (k, s) in best.items():
    print(f"{name:>10}: schedule {k:2d}, score {s:.4f}")
checksum = sum(s for _, s in best.values()) + sum(float(k.history.sum()) for k in kilns)
print(f"result: {checksum:.10e}")
