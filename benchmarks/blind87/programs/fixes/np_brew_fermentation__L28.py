"""Brewery fermentation simulator: a batch of vats, each split into cells along its height, with
Monod yeast growth on sugar, ethanol inhibition, heat released by fermentation and a cooling
jacket; daily gravity readings are logged and the final ethanol and gravity are reported."""
from dataclasses import dataclass

import numpy as np


@dataclass
class VatState:
    sugar: np.ndarray
    yeast: np.ndarray
    ethanol: np.ndarray
    temp: np.ndarray


class Fermenter:
    K_SUGAR = 4.0
    YIELD = 0.48

    def __init__(self, n_vats, n_cells, rng):
        self.mu_max = rng.uniform(0.05, 0.09, size=(n_vats, 1)).astype(np.float32)
        self.cooling = np.float32(0.02)
        self.setpoint = np.float32(18.0)
        self.log = np.zeros(0)

    def rates(self, s):
        growth = self.mu_max * s.sugar / (self.K_SUGAR + s.sugar) * s.yeast
        inhibition = 1.0 - s.ethanol / 120.0
        return growth * np.clip(inhibition, 0.0, 1.0)

    def step(self, s, dt):
        r = self.rates(s)
        uptake = np.minimum(r * dt / self.YIELD, s.sugar)
        s.sugar = s.sugar - uptake
        s.yeast = s.yeast + r * dt
        s.ethanol = s.ethanol + self.YIELD * uptake
        s.temp = s.temp + 0.05 * uptake - self.cooling * (s.temp - self.setpoint) * dt
        s.yeast = s.yeast * (1.0 - 0.001 * np.maximum(s.temp - 24.0, 0.0))

    def record_day(self, s):
        gravity = 1.0 + 0.004 * float(s.sugar.mean())
        self.log = np.append(self.log, gravity)


def run(n_vats=64, n_cells=8192, hours=320, dt=1.0, seed=3):
    rng = np.random.default_rng(seed)
    shape = (n_vats, n_cells)
    state = VatState(
        sugar=rng.uniform(180.0, 220.0, size=shape).astype(np.float32),
        yeast=rng.uniform(0.5, 1.5, size=shape).astype(np.float32),
        ethanol=np.zeros(shape, dtype=np.float32),
        temp=np.full(shape, 17.0, dtype=np.float32),
    )
    vat = Fermenter(n_vats, n_cells, rng)
    for hour in range(hours):
        vat.step(state, dt)
        if hour % 24 == 23:
            vat.record_day(state)
    return state, vat.log


state, log = run()
print("final gravity per day:", np.round(log, 4))
print(f"mean ethanol {float(state.ethanol.mean()):.3f}")
print(f"result: {float(state.ethanol.sum()) + float(state.yeast.sum()) + log.sum():.8e}")
