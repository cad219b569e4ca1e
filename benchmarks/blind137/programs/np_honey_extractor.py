# ruff: noqa
"""Centrifugal honey extraction: a load of comb frames spun in a radial extractor. At every spin
step each cell gives up honey at a rate set by its fill, the honey's viscosity (from the cell's
moisture and the room temperature) and the drum speed; the controller eases the drum when the
frames' loads leave it unbalanced. Prints the yield per frame and the drum's final imbalance."""
from dataclasses import dataclass

import numpy as np


@dataclass
class ExtractorConfig:
    n_frames: int = 24
    cells_per_frame: int = 900
    steps: int = 600
    dt: float = 0.5
    omega_max: float = 30.0
    temperature: float = 31.0


@dataclass
class Frame:
    slot: int
    fill: np.ndarray
    moisture: np.ndarray
    radius: np.ndarray

    @property
    def load(self):
        return sum(self.fill)

    def viscosity(self, temperature):
        # Arrhenius-like viscosity in Pa.s, higher for dry honey and cool rooms
        return np.exp(2.8 - 0.25 * (self.moisture - 17.0) - 0.06 * (temperature - 25.0))

    def spin(self, omega, cfg):
        drive = omega * omega * self.radius / self.viscosity(cfg.temperature)
        rate = 1.0 - np.exp(-1e-4 * drive * cfg.dt)
        out = self.fill * rate
        self.fill -= out
        return out


class Extractor:
    def __init__(self, frames, cfg):
        self.frames = frames
        self.cfg = cfg
        self.angles = 2 * np.pi * np.arange(len(frames)) / len(frames)
        self.omega = 0.2 * cfg.omega_max

    def imbalance(self):
        loads = np.array([f.load for f in self.frames])
        return abs(np.sum(loads * np.exp(1j * self.angles))) / loads.sum()

    def step(self):
        taken = 0.0
        for frame in self.frames:
            taken += frame.spin(self.omega, self.cfg).sum()
        target = self.cfg.omega_max / (1.0 + 20.0 * self.imbalance())
        self.omega += 0.1 * (target - self.omega)
        return taken


def make_frames(cfg, rng):
    frames = []
    for s in range(cfg.n_frames):
        fill = rng.uniform(0.0, 0.004, cfg.cells_per_frame) * (0.6 + 0.8 * rng.random())
        moisture = rng.normal(17.5, 0.8, cfg.cells_per_frame)
        radius = np.linspace(0.12, 0.30, cfg.cells_per_frame)
        frames.append(Frame(s, fill, moisture, radius))
    return frames


cfg = ExtractorConfig()
rng = np.random.default_rng(2024)
frames = make_frames(cfg, rng)
start = [f.fill.copy() for f in frames]
drum = Extractor(frames, cfg)
total = 0.0
for _ in range(cfg.steps):
    total += drum.step()
yields = np.array([s.sum() - f.fill.sum() for s, f in zip(start, frames)])
print(f"extracted {total:.3f} kg from {cfg.n_frames} frames, best frame {yields.max():.3f} kg")
print(f"final imbalance {drum.imbalance():.4f}, drum speed {drum.omega:.2f} rad/s")
print(f"result: {total + yields.sum() + drum.imbalance() + drum.omega:.10e}")
