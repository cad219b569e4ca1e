# ruff: noqa
"""Coverage map for a cluster of radio transmitters over a terrain grid: log-distance path loss
with per-site antenna gains and a shadowing term, received power summed over sites in linear
units, refined over several sweeps of transmitter power; prints the covered fraction."""
import math

import numpy as np


class Terrain:
    def __init__(self, n, rng):
        self.x, self.y = np.meshgrid(np.linspace(0.0, 20.0, n, dtype=np.float32),
                                     np.linspace(0.0, 20.0, n, dtype=np.float32))
        self.shadow = rng.normal(0.0, 4.0, size=(n, n)).astype(np.float32)


class Simulator:
    def __init__(self, terrain, sites, bands):
        self.terrain = terrain
        self.sites = sites
        self.bands = bands
        self.gains = np.linspace(2.0, 9.0, len(sites), dtype=np.float32)

    def path_loss(self, k, freq):
        sx, sy = self.sites[k]
        d = np.sqrt((self.terrain.x - sx) ** 2 + (self.terrain.y - sy) ** 2) + np.float32(0.05)
        loss = np.float32(32.4) + np.float32(20.0 * np.log10(freq)) + np.float32(27.0) * np.log10(d)
        return loss - self.gains[k] + self.terrain.shadow

    def received(self, tx_dbm, freq):
        total = np.zeros_like(self.terrain.x)
        for k in range(len(self.sites)):
            rx = tx_dbm - self.path_loss(k, freq)
            total = total + np.power(np.float32(10.0), rx / np.float32(10.0))
        return total

    def sweep(self, tx_dbm):
        cover = []
        for band in self.bands:
            p = self.received(tx_dbm, band)
            cover.append(float((p > 1e-9).mean()))
        return cover


rng = np.random.default_rng(11)
terrain = Terrain(1100, rng)
sites = [tuple(v) for v in rng.uniform(2.0, 18.0, size=(12, 2)).astype(np.float32)]
sim = Simulator(terrain, sites, bands=[900.0, 1800.0, 2600.0])
history = []
for tx in np.arange(16.0, 36.0, 4.0, dtype=np.float32):
    history.append(sim.sweep(tx))
cov = np.array(history)
print("coverage by sweep and band:")
print(np.round(cov, 3))
print(f"result: {cov.sum():.10e}")
