# ruff: noqa
"""Fatigue check of a steel Warren truss bridge under a stream of simulated axle loads: linear
static analysis (global stiffness assembled from the bars, solved for every load position),
bar stresses over the load history, stress ranges from consecutive states, a bilinear S-N curve
with a cut-off limit, and Miner's-rule damage per bar."""
import math

import numpy as np

E_STEEL = 210e9
DELTA_C = 71e6  # detail category, Pa
N_C = 2e6


def warren_truss(n_panels, span, height):
    xs = np.linspace(0.0, span, n_panels + 1)
    bottom = [(x, 0.0) for x in xs]
    top = [((xs[i] + xs[i + 1]) / 2, height) for i in range(n_panels)]
    nodes = np.array(bottom + top)
    nb = len(bottom)
    bars = [(i, i + 1) for i in range(n_panels)]
    bars += [(nb + i, nb + i + 1) for i in range(n_panels - 1)]
    bars += [(i, nb + i) for i in range(n_panels)] + [(i + 1, nb + i) for i in range(n_panels)]
    return nodes, np.array(bars)


def bar_geometry(nodes, bars):
    d = nodes[bars[:, 1]] - nodes[bars[:, 0]]
    lengths = np.hypot(d[:, 0], d[:, 1])
    return d / lengths[:, None], lengths


def stiffness(nodes, bars, area):
    n = nodes.shape[0]
    K = np.zeros((2 * n, 2 * n))
    cs, L = bar_geometry(nodes, bars)
    for (a, b), (c, s), l in zip(bars, cs, L):
        k = E_STEEL * area / l * np.outer([c, s, -c, -s], [c, s, -c, -s])
        idx = [2 * a, 2 * a + 1, 2 * b, 2 * b + 1]
        K[np.ix_(idx, idx)] += k
    return K, cs, L


@np.vectorize
def cycles_to_failure(delta_sigma):
    if delta_sigma <= 0.4 * DELTA_C:
        return math.inf
    if delta_sigma >= 0.737 * DELTA_C:
        return N_C * (DELTA_C / delta_sigma) ** 3
    return 5e6 * (0.737 * DELTA_C / delta_sigma) ** 5


def bar_stresses(nodes, bars, area, loads):
    K, cs, L = stiffness(nodes, bars, area)
    free = np.ones(K.shape[0], dtype=bool)
    free[[0, 1, 2 * (nodes.shape[0] // 2) + 1]] = False
    u = np.zeros((K.shape[0], loads.shape[1]))
    u[free] = np.linalg.solve(K[np.ix_(free, free)], loads[free])
    du = u[2 * bars[:, 1]] - u[2 * bars[:, 0]], u[2 * bars[:, 1] + 1] - u[2 * bars[:, 0] + 1]
    strain = (cs[:, 0:1] * du[0] + cs[:, 1:2] * du[1]) / L[:, None]
    return E_STEEL * strain


rng = np.random.default_rng(5)
nodes, bars = warren_truss(n_panels=40, span=120.0, height=8.0)
n_bottom = 41
n_steps = 40000
positions = rng.integers(0, n_bottom, size=n_steps)
axle = rng.lognormal(np.log(9e4), 0.35, size=n_steps)
loads = np.zeros((2 * nodes.shape[0], n_steps))
loads[2 * positions + 1, np.arange(n_steps)] = -axle
stress = bar_stresses(nodes, bars, area=2.2e-3, loads=loads)
ranges = np.abs(np.diff(stress, axis=1))
damage = (1.0 / cycles_to_failure(ranges)).sum(axis=1)
worst = np.argsort(damage)[-3:][::-1]
for b in worst:
    print(f"bar {b:3d} ({bars[b, 0]}-{bars[b, 1]}): damage {damage[b]:.4e}")
print(f"result: {damage.sum():.10e}")
