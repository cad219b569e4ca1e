# ruff: noqa
"""Frost map of a hillside vineyard: temperature readings from a fixed network of stations
arrive every few minutes through the night; each reading is interpolated onto the grid of vine
rows by simple kriging (squared-exponential covariance), and the rows that drop below the
critical temperature are counted for the frost crew's dispatch board."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class KrigingConfig:
    length_scale: float = 85.0
    sill: float = 1.4
    nugget: float = 0.05
    critical: float = -1.5


def sq_exp(a, b, cfg):
    d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=-1)
    return cfg.sill * np.exp(-0.5 * d2 / cfg.length_scale**2)


class StationNetwork:
    def __init__(self, coords, grid, cfg):
        self.coords = coords
        self.grid = grid
        self.cfg = cfg
        self.cross = sq_exp(grid, coords, cfg)
        self.reference = np.array([0, 1, 2])
        self.listeners = []

    def subscribe(self, fn):
        self.listeners.append(fn)

    def publish(self, minute, temps):
        for fn in self.listeners:
            fn(self, minute, temps)


@dataclass
class DispatchBoard:
    frosted_rows: list = field(default_factory=list)
    coldest_ref: list = field(default_factory=list)
    field_mean: float = 0.0

    def on_reading(self, net, minute, temps):
        cfg = net.cfg
        k = sq_exp(net.coords, net.coords, cfg) + cfg.nugget * np.eye(len(net.coords))
        k_inv = np.linalg.inv(k)
        mean = temps.mean()
        weights = k_inv @ (temps - mean)
        surface = mean + net.cross @ weights
        self.frosted_rows.append(int((surface < cfg.critical).sum()))
        self.coldest_ref.append(min(temps[net.reference]))
        self.field_mean += float(surface.mean())


def night_readings(rng, coords, n_readings):
    slope = coords[:, 1] / coords[:, 1].max()
    for r in range(n_readings):
        base = 2.0 - 4.5 * r / n_readings
        yield r * 5, base - 1.8 * (1.0 - slope) + rng.normal(0.0, 0.4, len(coords))


rng = np.random.default_rng(1307)
cfg = KrigingConfig()
coords = rng.uniform(0.0, 600.0, size=(260, 2))
gx, gy = np.meshgrid(np.linspace(0, 600, 80), np.linspace(0, 600, 50))
grid = np.column_stack([gx.ravel(), gy.ravel()])
net = StationNetwork(coords, grid, cfg)
board = DispatchBoard()
net.subscribe(board.on_reading)
for minute, temps in night_readings(rng, coords, 180):
    net.publish(minute, temps)
rows = np.array(board.frosted_rows)
print(f"readings: {len(rows)}, first frost at minute {5 * int(np.argmax(rows > 0))}")
print(f"peak frosted cells: {rows.max()}, coldest reference: {min(board.coldest_ref):.2f}")
print(f"result: {rows.sum() + board.field_mean + sum(board.coldest_ref):.10e}")
