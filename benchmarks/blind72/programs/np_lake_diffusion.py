# ruff: noqa
"""Vertical heat diffusion in a set of stratified lakes: an implicit (backward Euler) scheme for
each lake's temperature profile, driven by hourly surface heating over a summer month, with the
thermocline depth and the Schmidt stability reported per lake."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class LakeColumn:
    name: str
    depth: float
    n_layers: int
    kz: float
    dt: float = 3600.0
    temps: np.ndarray = field(default=None, repr=False)

    def __post_init__(self):
        self.dz = self.depth / self.n_layers
        r = self.kz * self.dt / self.dz ** 2
        main = np.full(self.n_layers, 1 + 2 * r)
        main[0] = main[-1] = 1 + r
        off = -r * np.ones(self.n_layers - 1)
        self.system = np.diag(main) + np.diag(off, 1) + np.diag(off, -1)
        if self.temps is None:
            self.temps = np.linspace(21.0, 5.5, self.n_layers)

    @property
    def propagator(self):
        return np.linalg.inv(self.system)

    def step(self, surface_flux):
        rhs = self.temps.copy()
        rhs[0] += surface_flux * self.dt / (self.dz * 4.18e6)
        self.temps = self.propagator @ rhs
        return self.temps


def surface_forcing(hours, rng):
    t = np.arange(hours)
    daily = 350.0 * np.clip(np.sin(2 * np.pi * (t % 24 - 6) / 24), 0, None)
    return daily - 120.0 + rng.normal(0.0, 25.0, size=hours)


def thermocline(temps, dz):
    grad = np.abs(np.gradient(temps, dz))
    return (np.argmax(grad) + 0.5) * dz


def schmidt_stability(temps, dz):
    rho = 1000.0 * (1 - (temps + 288.9414) / (508929.2 * (temps + 68.12963)) * (temps - 3.9863) ** 2)
    z = (np.arange(temps.size) + 0.5) * dz
    zv = np.sum(z * rho) / np.sum(rho)
    return 9.81 * np.sum((z - zv) * rho) * dz


rng = np.random.default_rng(11)
lakes = [LakeColumn(f"lake-{i}", depth=rng.uniform(18, 40), n_layers=200, kz=rng.uniform(2e-5, 8e-5))
         for i in range(5)]
hours = 24 * 30
summary = []
for lake in lakes:
    flux = surface_forcing(hours, rng)
    depths = []
    for h in range(hours):
        temps = lake.step(flux[h])
        if h % 24 == 23:
            depths.append(thermocline(temps, lake.dz))
    weights = [0.5, 0.3, 0.2]
    late = sum(w * d for w, d in zip(weights, depths[-3:])) / sum(weights)
    summary.append((late, schmidt_stability(lake.temps, lake.dz), lake.temps.mean()))
    print(f"{lake.name}: thermocline {late:.2f} m, surface {lake.temps[0]:.2f} C")
total = sum(a + b * 1e-3 + c for a, b, c in summary)
print(f"result: {total:.10e}")
