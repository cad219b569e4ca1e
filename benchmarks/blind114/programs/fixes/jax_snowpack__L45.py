# ruff: noqa
"""Avalanche-forecasting snowpack model: settles the layered snow profile observed at each weather
station of four forecast regions (overburden compaction), finds each profile's weakest layer and
reports a stability index per region."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

ICE_DENSITY = 917.0


@dataclass
class Profile:
    station: str
    thickness: np.ndarray  # m, one entry per layer, top first
    density: np.ndarray  # kg/m^3
    strength: np.ndarray  # kPa


MAX_LAYERS = 32


def pad(a, value):
    out = np.full(MAX_LAYERS, value, dtype=a.dtype)
    out[: a.size] = a
    return out


@jax.jit
def settle(thickness, density, strength, mask):
    load = jnp.cumsum(thickness * density) * 9.81e-3
    settled = density + 0.04 * load / (1.0 + load) * (ICE_DENSITY - density)
    stress = load + 0.05
    ratio = strength * (settled / ICE_DENSITY) / stress
    weakest = jnp.min(jnp.where(mask, ratio, jnp.inf))
    swe = jnp.sum(thickness * settled) / 1000.0
    return weakest, swe


class RegionNetwork:
    def __init__(self, name: str, profiles: list[Profile]):
        self.name = name
        self.queue = deque(profiles)
        self.results = []

    def process(self) -> None:
        while self.queue:
            p = self.queue.popleft()
            mask = np.arange(MAX_LAYERS) < p.thickness.size
            self.results.append(
                settle(pad(p.thickness, 0.0), pad(p.density, 1.0), pad(p.strength, 1.0), mask)
            )

    def summary(self):
        weakest = jnp.stack([w for w, _ in self.results])
        swe = jnp.stack([s for _, s in self.results])
        return weakest, swe


def observe(rng: np.random.Generator, region: int, n_stations: int) -> list[Profile]:
    profiles = []
    for s in range(n_stations):
        layers = int(rng.integers(20, 29))
        thickness = rng.uniform(0.01, 0.25, layers).astype(np.float32)
        density = np.sort(rng.uniform(80.0, 450.0, layers)).astype(np.float32)
        strength = rng.gamma(2.0, 1.5, layers).astype(np.float32) + 0.2
        profiles.append(Profile(f"R{region}S{s}", thickness, density, strength))
    return profiles


def main() -> None:
    rng = np.random.default_rng(17)
    checksum = 0.0
    for region in range(4):
        net = RegionNetwork(f"region {region}", observe(rng, region, 40))
        net.process()
        weakest, swe = net.summary()
        stability = float(jnp.mean(weakest))
        print(f"{net.name}: stability index {stability:.4f}, mean SWE {float(jnp.mean(swe)):.4f} m")
        checksum += stability + float(jnp.sum(swe))
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
