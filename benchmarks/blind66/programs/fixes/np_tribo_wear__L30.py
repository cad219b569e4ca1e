# ruff: noqa
"""Pin-on-disc tribometer campaign: Archard wear of a set of pin/disc material pairs under a
cyclic load programme, with frictional power and the final wear depth of each test."""
from dataclasses import dataclass

import numpy as np


@dataclass
class TribTest:
    name: str
    load: np.ndarray      # normal load per cycle [N]
    slip: np.ndarray      # sliding distance per cycle [m]
    hardness: float       # [Pa]
    mu: float             # friction coefficient


class ArchardModel:
    def __init__(self, k, contact_area):
        self.k = k
        self.contact_area = contact_area

    def volume_rate(self, test):
        return self.k * test.load * test.slip / test.hardness

    def cumulative_wear(self, test):
        rate = self.volume_rate(test)
        depth = np.cumsum(rate)
        return depth / self.contact_area


def make_campaign(rng, n_tests, n_cycles):
    t = np.arange(n_cycles)
    for j in range(n_tests):
        load = 20.0 + 5.0 * np.sin(2 * np.pi * t / 500.0) + rng.normal(0, 0.5, n_cycles)
        slip = np.full(n_cycles, 0.0314) * (1.0 + 0.01 * rng.standard_normal(n_cycles))
        yield TribTest(f"pair-{j:02d}", load, slip, rng.uniform(1e9, 3e9), rng.uniform(0.2, 0.6))


rng = np.random.default_rng(11)
campaign = make_campaign(rng, 36, 500_000)
model = ArchardModel(k=2e-4, contact_area=3.1e-6)
finals = []
power = 0.0
for test in campaign:
    depth = model.cumulative_wear(test)
    power += float(np.mean(test.mu * test.load * test.slip))
    finals.append(float(depth[-1]))
finals_arr = np.array(finals)
worst = max(finals_arr)
print(f"worst wear depth {worst:.4e} m, mean frictional work per cycle {power / len(finals):.4f} J")
print(f"result: {sum(finals) * 1e6 + power:.10e}")
