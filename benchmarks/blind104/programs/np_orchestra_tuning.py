# ruff: noqa
"""Tuning report for an orchestra's warm-up: synthetic pitch tracks (cents away from A=440 Hz)
for every desk, detrended and smoothed with a one-pole filter per section's response time, then
each desk is compared with its section's reference offsets and the worst drifts are listed."""
from dataclasses import dataclass

import numpy as np
from scipy import signal

SECTIONS = {
    "violin I": 0.92, "violin II": 0.92, "viola": 0.94, "cello": 0.95,
    "bass": 0.97, "winds": 0.9, "brass": 0.88, "timpani": 0.98,
}


@dataclass
class Desk:
    name: str
    section: str
    track: np.ndarray


def smoothed(track, alpha):
    level = track[0]
    for x in track:
        level = alpha * level + (1.0 - alpha) * x
        yield level


class TuningSession:
    def __init__(self, frames: int, desks_per_section: int, seed: int = 3):
        self.rng = np.random.default_rng(seed)
        self.reference_cents = np.linspace(-3.0, 3.0, 12)
        self.desks = []
        t = np.arange(frames) / 100.0
        for section in SECTIONS:
            for d in range(desks_per_section):
                drift = self.rng.normal(0, 4.0) * np.tanh(t / 60.0)
                vibrato = 6.0 * np.sin(2 * np.pi * self.rng.uniform(4.5, 6.5) * t)
                noise = self.rng.normal(0, 2.0, frames)
                track = drift + vibrato + noise + 0.01 * t
                self.desks.append(Desk(f"{section} {d + 1}", section, track))

    def settle(self, desk: Desk) -> np.ndarray:
        flat = signal.detrend(desk.track, type="linear") + desk.track.mean()
        return np.fromiter(smoothed(flat, SECTIONS[desk.section]), float, len(flat))

    def offsets(self, desk: Desk, settled: np.ndarray) -> np.ndarray:
        ref = self.reference_cents.copy()
        blocks = settled[: len(settled) // 12 * 12].reshape(12, -1).mean(axis=1)
        return blocks - ref

    def report(self):
        rows = []
        for desk in self.desks:
            settled = self.settle(desk)
            off = self.offsets(desk, settled)
            rows.append((desk.name, float(np.abs(off).max()), float(settled[-500:].std())))
        return rows


session = TuningSession(frames=60_000, desks_per_section=4)
rows = session.report()
rows.sort(key=lambda r: -r[1])
for name, worst, wobble in rows[:5]:
    print(f"{name:<12} worst offset {worst:6.2f} cents, wobble {wobble:5.2f}")
total = sum(w + s for _, w, s in rows)
print(f"result: {total:.10e}")
