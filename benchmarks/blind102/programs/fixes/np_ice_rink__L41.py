# ruff: noqa
"""Ice rink slab model: one-dimensional heat conduction through the ice sheet, the concrete floor
and the insulation beneath it, with brine pipes cooling the floor, skating sessions warming the
surface and a resurfacing flood every few hours; implicit Euler steps over a day of operation.
Prints the hours the surface spent too warm for hockey and the chiller energy."""
from dataclasses import dataclass

import numpy as np


@dataclass
class RinkConfig:
    n_layers: int = 190
    depth_m: float = 0.45
    dt_s: float = 30.0
    hours: float = 9.0
    brine_c: float = -9.0
    pipe_layer: int = 90
    target_surface_c: float = -5.0


class Slab:
    def __init__(self, cfg):
        self.cfg = cfg
        n = cfg.n_layers
        self.dx = cfg.depth_m / n
        kappa = np.where(np.arange(n) < 60, 1.2e-6, 7.0e-7)
        kappa[150:] = 2.0e-7
        lap = np.zeros((n, n))
        idx = np.arange(1, n - 1)
        lap[idx, idx - 1] = 1.0
        lap[idx, idx] = -2.0
        lap[idx, idx + 1] = 1.0
        lap[0, 0], lap[0, 1] = -1.0, 1.0
        lap[-1, -2], lap[-1, -1] = 1.0, -1.0
        self.operator = (kappa[:, None] / self.dx**2) * lap
        self.identity = np.eye(n)
        self.temps = np.full(n, cfg.brine_c + 3.0)
        self._prop = np.linalg.inv(self.identity - self.cfg.dt_s * self.operator)

    def _propagator(self):
        return self._prop

    def step(self, surface_flux, pipe_cooling):
        rhs = self.temps.copy()
        rhs[0] += self.cfg.dt_s * surface_flux
        rhs[self.cfg.pipe_layer] += self.cfg.dt_s * pipe_cooling
        self.temps = self._propagator() @ rhs
        return self.temps[0]


def session_load(t_h):
    skating = 1.0 if (t_h % 3.0) < 2.0 else 0.2
    flood = 6.0 if (t_h % 4.0) < 0.05 else 0.0
    return 2.5e-3 * skating + 4.0e-3 * flood


class WearMap:
    """Skate wear over the rink surface (cells of 15 cm), healed by cold ice between sessions."""

    def __init__(self, rng, shape=(200, 400)):
        yy, xx = np.mgrid[0 : shape[0], 0 : shape[1]]
        corners = np.exp(-(((yy - 100) / 70.0) ** 2)) * (0.5 + 0.5 * np.cos(xx / 64.0))
        self.pattern = corners + 0.1 * rng.random(shape)
        self.wear = np.zeros(shape)

    def update(self, load, surface_c, dt):
        heal = max(-surface_c - 3.0, 0.0) * 1e-4
        self.wear = np.clip(self.wear + dt * load * self.pattern - dt * heal * self.wear, 0.0, 50.0)
        return self.wear


def run_day(cfg):
    slab = Slab(cfg)
    wear = WearMap(np.random.default_rng(5))
    t = 0.0
    warm_hours = 0.0
    chiller = 0.0
    while t < cfg.hours * 3600.0:
        t_h = t / 3600.0
        before = slab.temps.copy()
        cooling = -0.02 * max(slab.temps[cfg.pipe_layer] - cfg.brine_c, 0.0)
        load = session_load(t_h)
        surface = slab.step(load, cooling)
        wear.update(load, surface, cfg.dt_s)
        if surface > cfg.target_surface_c + 1.5:
            warm_hours += cfg.dt_s / 3600.0
        chiller += -cooling * cfg.dt_s + 1e-9 * float(np.abs(slab.temps - before).max())
        t += cfg.dt_s
    return slab, warm_hours, chiller + float(wear.wear.mean())


def main():
    cfg = RinkConfig()
    slab, warm_hours, chiller = run_day(cfg)
    print(f"surface {slab.temps[0]:.3f} C, too warm for {warm_hours:.2f} h, chiller {chiller:.1f}")
    print(f"result: {slab.temps.sum() + warm_hours + chiller:.10e}")


if __name__ == "__main__":
    main()
