# ruff: noqa
"""Fermentation log for a kombucha brewery: every vessel's pH, temperature and CO2 flow are
logged every 15 seconds over a 10-day primary fermentation; the logs are despiked, the vented CO2 is
integrated into the sugar consumed, and each batch is graded (ready, needs time, off) from its
final acidity and the sugar it has left."""
from dataclasses import dataclass

import numpy as np

READINGS = 10 * 24 * 60 * 4
N_VESSELS = 36
DT = 1.0 / 240.0  # hours per reading
CO2_PER_SUGAR = 0.489  # g CO2 per g sucrose fermented


@dataclass
class VesselLog:
    name: str
    ph: np.ndarray
    temp: np.ndarray
    co2_flow: np.ndarray  # g/h

    def despiked(self, x, width=5):
        pad = np.pad(x, width // 2, mode="edge")
        windows = np.lib.stride_tricks.sliding_window_view(pad, width)
        return np.median(windows, axis=1)

    def vented(self):
        flow = self.despiked(self.co2_flow)
        total = 0.0
        for reading in flow:
            total = total + reading * DT
            yield total

    def sugar_left(self, start_sugar):
        vented = np.fromiter(self.vented(), dtype=np.float64, count=len(self.co2_flow))
        return start_sugar - vented / CO2_PER_SUGAR


def simulate_logs(rng):
    t = np.arange(READINGS) * DT
    logs = []
    for v in range(N_VESSELS):
        k = rng.uniform(0.004, 0.03)
        ph = 4.2 - 1.4 * (1.0 - np.exp(-k * t)) + rng.normal(0.0, 0.02, size=READINGS)
        temp = 24.0 + 1.5 * np.sin(2 * np.pi * t / 24.0) + rng.normal(0.0, 0.1, size=READINGS)
        flow = 0.9 * k * np.exp(-k * t) * 30.0 * (1.0 + 0.04 * (temp - 24.0))
        flow = flow + rng.normal(0.0, 0.05, size=READINGS)
        spikes = rng.random(READINGS) < 0.002
        flow[spikes] += rng.uniform(2.0, 6.0, size=int(spikes.sum()))
        logs.append(VesselLog(name=f"FV-{v + 1:02d}", ph=ph, temp=temp, co2_flow=flow))
    return logs


def grade(final_ph, sugar):
    if final_ph < 2.5:
        return 2.0  # off: too sour
    if final_ph < 3.2 and sugar < 40.0:
        return 0.0  # ready
    return 1.0  # needs more time


rng = np.random.default_rng(1009)
logs = simulate_logs(rng)
start_sugar = rng.uniform(70.0, 90.0, size=N_VESSELS)  # g/L
final_ph = np.array([log.despiked(log.ph)[-240:].mean() for log in logs])
sugar = np.array([log.sugar_left(s0)[-1] for log, s0 in zip(logs, start_sugar)])
mean_temp = np.array([log.temp.mean() for log in logs])
grades = np.vectorize(grade)(final_ph, sugar)
for log, g, s in zip(logs, grades, sugar):
    if g != 0.0:
        print(f"{log.name}: grade {g:.0f}, sugar left {s:.1f} g/L")
print(f"ready: {int((grades == 0).sum())} of {N_VESSELS}")
print(f"result: {final_ph.sum() + sugar.sum() + mean_temp.sum() + grades.sum():.10e}")
