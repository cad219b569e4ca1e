# ruff: noqa
"""Wind system of a large organ: a network of wind trunks, reservoirs and pallet boxes fed by
the blower. Each time step the pipes that speak draw wind, the network's pressures relax towards
a new balance through the trunks' conductances, and the reservoirs' springs respond. A player
registers different stop combinations; the report gives the pressure sag in each division."""
import functools
from dataclasses import dataclass

import numpy as np

N_NODES = 150
DT = 2e-3


@dataclass
class WindNetwork:
    conductance: np.ndarray  # N x N Laplacian of the trunks
    leak: np.ndarray  # leakage to atmosphere per node
    volume: np.ndarray
    blower_node: int

    def balance_matrix(self):
        return self.conductance + np.diag(self.leak)


def make_network(rng):
    g = np.zeros((N_NODES, N_NODES))
    for i in range(1, N_NODES):
        j = int(rng.integers(0, i))
        c = rng.uniform(0.5, 2.0)
        g[i, j] = g[j, i] = -c
    extra = rng.integers(0, N_NODES, size=(N_NODES // 3, 2))
    for i, j in extra:
        if i != j:
            g[i, j] = g[j, i] = -0.3
    np.fill_diagonal(g, 0.0)
    np.fill_diagonal(g, -g.sum(axis=1))
    return WindNetwork(g, rng.uniform(0.01, 0.05, N_NODES), rng.uniform(0.5, 3.0, N_NODES), 0)


def relax_pressures(network, pressure, draw, blower_mm):
    source = network.leak * 0.0 - draw
    source[network.blower_node] += blower_mm * 4.0
    balance = np.linalg.inv(network.balance_matrix())
    target = balance @ source
    return pressure + (target - pressure) * (DT / (DT + 0.02 * network.volume))


class Console:
    def __init__(self, network, on_step, rng):
        self.network = network
        self.on_step = on_step
        self.rng = rng

    def play(self, registration, steps, pressure):
        stops = np.array(registration, dtype=np.float64)
        sag = []
        chest = self.rng.integers(1, N_NODES, size=(len(stops), 12))
        for _ in range(steps):
            keys = self.rng.random(chest.shape) < 0.3
            draw = np.zeros(N_NODES)
            np.add.at(draw, chest[keys], np.repeat(stops, 12)[keys.ravel()])
            pressure = self.on_step(pressure, draw)
            sag.append(pressure[1:].min())
        return pressure, np.array(sag)


rng = np.random.default_rng(1735)
network = make_network(rng)
console = Console(network, functools.partial(relax_pressures, network, blower_mm=95.0), rng)
pressure = np.full(N_NODES, 80.0)
registrations = [[0.8, 0.5, 0.5], [1.2, 0.8, 0.4, 0.4], [0.6, 0.3], [1.5, 1.0, 0.8, 0.6, 0.4],
                 [0.9, 0.9, 0.5], [2.0, 1.2, 1.0, 0.8, 0.6, 0.5]]
checksum = 0.0
for k, reg in enumerate(registrations):
    pressure, sag = console.play(reg, steps=300, pressure=pressure)
    print(f"registration {k}: {len(reg)} stops, lowest pressure {sag.min():.2f} mm")
    checksum += sag.sum()
print(f"result: {checksum + pressure.sum():.10e}")
