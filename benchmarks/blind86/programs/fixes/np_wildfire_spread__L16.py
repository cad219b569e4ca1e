# ruff: noqa
"""Stochastic cellular-automaton model of wildfire spread over a fuel map.

Each cell holds fuel; burning cells ignite their neighbours with a probability that depends on
wind and on the neighbour's fuel, and burn their own fuel down. A recorder hook keeps the
intensity map of every step so that the peak intensity and the time of arrival of the fire can be
mapped afterwards."""
import numpy as np


class FrameRecorder:
    def __init__(self, shape):
        self._frames = []

    def __call__(self, step, intensity):
        self._frames.append(intensity)

    @property
    def frames(self):
        return np.stack(self._frames)

    def arrival_time(self):
        lit = self.frames > 0.0
        first = lit.argmax(axis=0).astype(float)
        first[~lit.any(axis=0)] = np.nan
        return first


def ignition_pressure(burning, wind):
    kernel = np.array([[0.05, 0.20, 0.05], [0.20, 0.00, 0.20], [0.05, 0.20, 0.05]])
    kernel = kernel * np.array([[1.0], [1.0], [1.0]]) @ np.diag([1.0 - wind, 1.0, 1.0 + wind])
    padded = np.pad(burning, 1)
    h, w = burning.shape
    total = np.zeros(burning.shape)
    for di in range(3):
        for dj in range(3):
            if kernel[di, dj] != 0.0:
                total += kernel[di, dj] * padded[di : di + h, dj : dj + w]
    return total


def simulate(fuel, wind, rng, on_step, max_steps=700):
    burning = np.zeros(fuel.shape)
    c = fuel.shape[0] // 2
    burning[c - 2 : c + 2, 5:9] = 1.0
    step = 0
    while burning.any() and step < max_steps:
        pressure = ignition_pressure(burning, wind)
        catch = rng.random(fuel.shape) < pressure * fuel
        burning = np.where((burning == 0.0) & catch & (fuel > 0.05), 1.0, burning)
        intensity = burning * fuel
        fuel = np.maximum(fuel - 0.08 * burning, 0.0)
        burning = np.where(fuel <= 0.05, 0.0, burning)
        on_step(step, intensity)
        step += 1
    return fuel, step


rng = np.random.default_rng(2024)
fuel = np.clip(rng.normal(0.7, 0.15, size=(80, 170)), 0.0, 1.0)
fuel[:, 120:122] = 0.0  # a firebreak road
recorder = FrameRecorder(fuel.shape)
remaining, steps = simulate(fuel, wind=0.4, rng=rng, on_step=recorder)
peak = recorder.frames.max(axis=0)
arrival = recorder.arrival_time()
burnt = float((remaining < fuel - 1e-9).mean())
print(f"{steps} steps, burnt fraction {burnt:.3f}, mean arrival {np.nanmean(arrival):.1f}")
print(f"result: {peak.sum() + np.nansum(arrival) + remaining.sum():.10e}")
