# ruff: noqa
"""Water balance of a summit-level canal: a chain of pounds between locks exchanges water through
culverts and by-weirs; every lockage sends a lockful down (or up) the flight, feeders top up the
summit, and the pound levels are advanced in time with an implicit (backward Euler) scheme. The
program reports the lowest level reached in each pound and the water used per lockage."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Pound:
    name: str
    area_m2: float
    nominal_m: float


class CanalNetwork:
    def __init__(self, pounds, culvert_k, dt_s):
        self.pounds = pounds
        self.area = np.array([p.area_m2 for p in pounds])
        self.nominal = np.array([p.nominal_m for p in pounds])
        self.k = culvert_k
        self.dt = dt_s
        self._op = None

    def conductance(self):
        n = len(self.pounds)
        lap = np.zeros((n, n))
        idx = np.arange(n - 1)
        lap[idx, idx] += self.k
        lap[idx + 1, idx + 1] += self.k
        lap[idx, idx + 1] -= self.k
        lap[idx + 1, idx] -= self.k
        return lap / self.area[:, None]

    def operator(self):
        if self._op is None:
            n = len(self.pounds)
            self._op = np.linalg.inv(np.eye(n) + self.dt * self.conductance())
        return self._op

    def advance(self, level, inflow):
        rhs = level + self.dt * inflow / self.area
        return self.operator() @ rhs


class LockKeeper:
    def __init__(self, network, lock_sites, chamber_m3, rng):
        self.network = network
        self.sites = lock_sites
        self.chamber = chamber_m3
        self.rng = rng
        self.used_m3 = 0.0
        self.lockages = 0

    def boats_this_step(self):
        return self.rng.random(len(self.sites)) < 0.02

    def step(self, level):
        n = len(self.network.pounds)
        inflow = np.zeros(n)
        moving = self.boats_this_step()
        for s in np.flatnonzero(moving):
            site = self.sites[s]
            inflow[site] -= self.chamber[s] / self.network.dt
            inflow[site + 1] += self.chamber[s] / self.network.dt
            self.used_m3 += self.chamber[s]
            self.lockages += 1
        inflow[0] += 0.35  # summit feeder, m^3/s
        inflow[-1] -= 0.3  # weir to the river
        return self.network.advance(level, inflow)


def run(network, keeper, hours):
    level = network.nominal.copy()
    lowest = level.copy()
    t = 0.0
    while t < hours * 3600.0:
        level = keeper.step(level)
        np.minimum(lowest, level, out=lowest)
        t += network.dt
    return level, lowest


rng = np.random.default_rng(1794)
n_pounds = 110
pounds = [Pound(f"pound {i}", 9000.0 + 4000.0 * rng.random(), 1.8) for i in range(n_pounds)]
network = CanalNetwork(pounds, culvert_k=0.9, dt_s=30.0)
lock_sites = list(range(0, n_pounds - 1, 3))
chambers = 210.0 + 60.0 * rng.random(len(lock_sites))
keeper = LockKeeper(network, lock_sites, chambers, rng)
level, lowest = run(network, keeper, hours=24)

drawdown = network.nominal - lowest
summit = [0, 1, 2]
summit_draw = 0.0
for i in range(len(summit)):
    summit_draw += network.nominal[summit[i]] - lowest[summit[i]]
print(f"summit pounds: total drawdown {summit_draw:.3f} m")
print(f"lockages: {keeper.lockages}, water used {keeper.used_m3:.0f} m^3")
print(f"worst drawdown {drawdown.max():.3f} m in {pounds[int(drawdown.argmax())].name}")
print(f"result: {level.sum() + lowest.sum() + summit_draw + keeper.used_m3 / 1e4:.10e}")
