# ruff: noqa
"""Linear static analysis of a Pratt-type truss bridge under a moving pair of axle loads:
assembles the global stiffness matrix, solves the nodal displacements for every axle position,
recovers member axial forces and reports the envelope of peak tension and compression."""
from dataclasses import dataclass

import numpy as np


@dataclass
class TrussConfig:
    n_panels: int = 110
    span: float = 66.0
    height: float = 4.5
    E: float = 200e9
    area: float = 2.4e-2
    axle_load: float = 85e3
    axle_gap: int = 3
    passes: int = 3


def build_geometry(cfg):
    n = cfg.n_panels + 1
    x = np.arange(n) * (cfg.span / cfg.n_panels)
    nodes = np.vstack([np.column_stack([x, np.zeros(n)]), np.column_stack([x, np.full(n, cfg.height)])])
    members = []
    for i in range(cfg.n_panels):
        members += [(i, i + 1), (n + i, n + i + 1), (i, n + i), (i, n + i + 1)]
    members.append((cfg.n_panels, n + cfg.n_panels))
    return nodes, np.array(members)


def member_properties(nodes, members, cfg):
    d = nodes[members[:, 1]] - nodes[members[:, 0]]
    length = np.hypot(d[:, 0], d[:, 1])
    return d[:, 0] / length, d[:, 1] / length, cfg.E * cfg.area / length


def assemble(nodes, members, cfg):
    ndof = 2 * len(nodes)
    K = np.zeros((ndof, ndof))
    c, s, k = member_properties(nodes, members, cfg)
    for (a, b), cm, sm, km in zip(members, c, s, k):
        blk = km * np.array([[cm * cm, cm * sm], [cm * sm, sm * sm]])
        ia, ib = slice(2 * a, 2 * a + 2), slice(2 * b, 2 * b + 2)
        K[ia, ia] += blk
        K[ib, ib] += blk
        K[ia, ib] -= blk
        K[ib, ia] -= blk
    return K


class StaticSolver:
    def __init__(self, K, fixed):
        self.K = K
        self.free = np.setdiff1d(np.arange(K.shape[0]), fixed)
        self._flex = np.linalg.inv(self.K[np.ix_(self.free, self.free)])

    @property
    def flexibility(self):
        return self._flex

    def displacements(self, load):
        u = np.zeros(self.K.shape[0])
        u[self.free] = self.flexibility @ load[self.free]
        return u


def axial_forces(u, members, props):
    c, s, k = props
    du = u.reshape(-1, 2)[members[:, 1]] - u.reshape(-1, 2)[members[:, 0]]
    return k * (c * du[:, 0] + s * du[:, 1])


def axle_positions(cfg):
    for _ in range(cfg.passes):
        for i in range(1, cfg.n_panels - cfg.axle_gap):
            yield i, i + cfg.axle_gap


cfg = TrussConfig()
nodes, members = build_geometry(cfg)
K = assemble(nodes, members, cfg)
n = cfg.n_panels + 1
solver = StaticSolver(K, fixed=[0, 1, 2 * cfg.n_panels + 1])
props = member_properties(nodes, members, cfg)
rng = np.random.default_rng(11)
base = np.zeros(K.shape[0])
tension = np.zeros(len(members))
compression = np.zeros(len(members))
max_defl = 0.0
for front, rear in axle_positions(cfg):
    load = base.copy()
    factor = 1.0 + 0.1 * rng.random()
    load[2 * front + 1] -= cfg.axle_load * factor
    load[2 * rear + 1] -= cfg.axle_load * factor
    u = solver.displacements(load)
    f = axial_forces(u, members, props)
    np.maximum(tension, f, out=tension)
    np.minimum(compression, f, out=compression)
    max_defl = max(max_defl, -u[1::2].min())
print(f"peak tension {tension.max() / 1e3:.1f} kN, peak compression {compression.min() / 1e3:.1f} kN")
print(f"max deflection {max_defl * 1e3:.2f} mm")
print(f"result: {tension.sum() / 1e6 - compression.sum() / 1e6 + max_defl * 1e3:.10e}")
