# ruff: noqa
"""Monte Carlo screening of a transmission grid: random load and wind scenarios, a DC power flow
for each, line loadings against their ratings, and the share of scenarios with an overload on
each line."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class Grid:
    n_bus: int
    lines: np.ndarray  # (m, 2) from/to buses
    reactance: np.ndarray  # (m,)
    rating: np.ndarray  # (m,)
    slack: int = 0
    _incidence: np.ndarray = field(init=False, repr=False)
    susceptance: np.ndarray = field(init=False, repr=False)

    def __post_init__(self):
        m = len(self.lines)
        a = np.zeros((m, self.n_bus))
        a[np.arange(m), self.lines[:, 0]] = 1.0
        a[np.arange(m), self.lines[:, 1]] = -1.0
        self._incidence = a
        self.susceptance = a.T @ (a / self.reactance[:, None])

    @property
    def reduced_inverse(self):
        keep = np.arange(self.n_bus) != self.slack
        b = self.susceptance[np.ix_(keep, keep)]
        return np.linalg.inv(b)

    def flows(self, injection):
        keep = np.arange(self.n_bus) != self.slack
        theta = np.zeros(self.n_bus)
        theta[keep] = self.reduced_inverse @ injection[keep]
        return (self._incidence @ theta) / self.reactance


def random_grid(rng, n_bus, extra):
    chain = [(i, i + 1) for i in range(n_bus - 1)]
    more = [tuple(sorted(rng.choice(n_bus, 2, replace=False))) for _ in range(extra)]
    lines = np.array(chain + more)
    return Grid(n_bus, lines, rng.uniform(0.05, 0.3, len(lines)), rng.uniform(2.0, 6.0, len(lines)))


def scenario(rng, base_load, wind_buses):
    load = base_load * rng.lognormal(0.0, 0.15, base_load.shape)
    gen = np.zeros_like(load)
    gen[wind_buses] = rng.weibull(2.0, len(wind_buses)) * 3.0
    inj = gen - load
    inj[0] -= inj.sum()
    return inj


rng = np.random.default_rng(5)
grid = random_grid(rng, 420, 300)
base_load = rng.uniform(0.2, 1.2, grid.n_bus)
wind_buses = rng.choice(np.arange(1, grid.n_bus), 30, replace=False)
overloads = np.zeros(len(grid.lines))
worst = 0.0
for s in range(300):
    inj = scenario(rng, base_load, wind_buses)
    loading = np.abs(grid.flows(inj)) / grid.rating
    overloads += loading > 1.0
    worst = max(worst, float(loading.max()))
share = overloads / 300
print(f"lines ever overloaded: {int((share > 0).sum())}, worst loading {worst:.3f}")
print(f"result: {share.sum() + worst:.10e}")
