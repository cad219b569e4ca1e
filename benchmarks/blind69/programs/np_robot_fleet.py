# ruff: noqa
"""Warehouse robot fleet simulation: each robot's state (position, velocity, battery, load)
evolves under a shared linearised dynamics model with steering noise; robots are binned into
pick zones at every step, and the fleet's congestion and energy use are reported."""
import numpy as np

STATE = 8


def make_dynamics(rng, dt=0.05):
    A = np.eye(STATE)
    A[0, 2] = A[1, 3] = dt
    A[2, 2] = A[3, 3] = 0.98
    A[4, 4] = 0.9995
    A += rng.normal(0.0, 1e-3, (STATE, STATE))
    return A


class Fleet:
    def __init__(self, n_robots, rng):
        self.rng = rng
        self.states = rng.normal(0.0, 1.0, (n_robots, STATE))
        self.states[:, 4] = 100.0
        self.A = make_dynamics(rng)

    def step(self):
        nxt = np.array(list(map(lambda s: self.A @ s, self.states)))
        nxt[:, 2:4] += self.rng.normal(0.0, 0.02, (len(nxt), 2))
        self.states = nxt
        return nxt


def zone_counts(pos, n_zones=4):
    counts = np.zeros(n_zones)
    angle = np.arctan2(pos[:, 1], pos[:, 0])
    for z in range(n_zones):
        lo = -np.pi + z * 2 * np.pi / n_zones
        counts[z] = np.count_nonzero((angle >= lo) & (angle < lo + 2 * np.pi / n_zones))
    return counts


rng = np.random.default_rng(5)
fleet = Fleet(1000, rng)
congestion = np.zeros(4)
energy = 0.0
for t in range(2000):
    s = fleet.step()
    congestion += zone_counts(s[:, :2]) ** 2
    energy += np.abs(s[:, 2:4]).sum()
print("congestion:", congestion.round(1))
print(f"result: {congestion.sum() + energy + fleet.states[:, 4].sum():.10e}")
