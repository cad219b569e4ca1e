# ruff: noqa
"""Velodrome session analysis: power-meter streams (1 kHz) of a track squad's standing-start
efforts are smoothed, split into laps of the 250 m track, and turned into per-rider power-duration figures,
a fatigue index and a squad summary."""
from dataclasses import dataclass

import numpy as np

HZ = 1000


@dataclass
class Effort:
    rider: str
    power: np.ndarray
    cadence: np.ndarray


def distance_along(speed, dt):
    return np.cumsum(speed * dt)


def synth_effort(rider, seconds, rng):
    t = np.arange(seconds * HZ) / HZ
    base = rng.uniform(900.0, 1400.0)
    fade = np.exp(-t / rng.uniform(18.0, 30.0))
    pedal = 1.0 + 0.25 * np.sin(2 * np.pi * 2.1 * t) ** 2
    power = base * fade * pedal + rng.normal(0.0, 40.0, size=t.size)
    cadence = 120.0 + 10.0 * fade + rng.normal(0.0, 1.5, size=t.size)
    return Effort(rider, power, cadence)


def best_average(power, window):
    c = np.concatenate([[0.0], np.cumsum(power)])
    return float(((c[window:] - c[:-window]) / window).max())


def spectrum_peak(cadence):
    spec = np.abs(np.fft.rfft(cadence - cadence.mean())) ** 2
    return int(np.argmax(spec[1:]) + 1)


def analyse(effort, alpha=0.97):
    speed = 16.0 + 0.004 * effort.power
    covered = distance_along(speed, 1.0 / HZ)
    laps = np.searchsorted(covered, np.arange(250.0, covered[-1], 250.0))
    smooth = np.convolve(effort.power, np.full(200, 1.0 / 200), mode="same")
    durations = [1, 5, 15, 30]
    curve = {d: best_average(smooth, d * HZ) for d in durations}
    fatigue = (curve[1] - curve[30]) / curve[1]
    torque = effort.power / (effort.cadence * 2 * np.pi / 60.0)
    bands = np.histogram(torque, bins=64)[0]
    peak = spectrum_peak(effort.cadence)
    return curve, fatigue + 1e-3 * float(np.diff(laps).mean()), bands, peak


def main():
    rng = np.random.default_rng(1904)
    riders = ["ana", "bo", "cai", "dara", "eli", "fen"]
    efforts = [synth_effort(r, 60, rng) for r in riders for _ in range(3)]
    splits = np.zeros((4, 2))
    for k in range(4):
        splits[k] = [11.8 + 0.1 * k, 12.1 + 0.05 * k]
    total = float(splits.sum())
    kernel = rng.normal(size=(512, 512))
    for e in efforts:
        curve, fatigue, bands, peak = analyse(e)
        frames = e.power[: (e.power.size // 512) * 512].reshape(-1, 512)
        mixed = frames @ kernel
        for _ in range(6):
            mixed = np.tanh(mixed @ kernel / 512.0)
        total += curve[5] + fatigue + bands[10] + peak + float(np.abs(mixed).mean())
        print(f"{e.rider}: 5 s best {curve[5]:.0f} W, fatigue {fatigue:.3f}")
    print(f"result: {total:.10g}")


if __name__ == "__main__":
    main()
