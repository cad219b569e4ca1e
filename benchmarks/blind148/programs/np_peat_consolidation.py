# ruff: noqa
"""Consolidation of a drained peat column: pore-water pressure diffuses through a layered column
(implicit finite differences, drained at the top, impermeable at the base) while a drainage
scheme lowers the water table in stages; settlement of each layer follows from the effective
stress. Prints settlement per layer and the surface subsidence curve."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Column:
    depth_m: float = 6.0
    nodes: int = 140
    cv_top: float = 0.8      # m^2 / yr, fibrous acrotelm
    cv_base: float = 0.15    # m^2 / yr, humified catotelm
    mv: float = 2.5e-3       # 1 / kPa


@dataclass
class Schedule:
    years: float = 12.0
    steps: int = 1800
    drawdowns_kpa: tuple = (4.0, 7.0, 9.0)


def diffusivity(col):
    z = np.linspace(0.0, col.depth_m, col.nodes)
    return col.cv_top + (col.cv_base - col.cv_top) * (z / col.depth_m) ** 0.7


def system_matrix(col, dt):
    dz = col.depth_m / (col.nodes - 1)
    c = diffusivity(col) * dt / dz**2
    a = np.diag(1.0 + 2.0 * c) - np.diag(c[1:], -1) - np.diag(c[:-1], 1)
    a[0, :] = 0.0
    a[0, 0] = 1.0
    a[-1, -2] = -2.0 * c[-1]
    return a


def implicit_operator(col, dt):
    return np.linalg.inv(system_matrix(col, dt))


def advance(u, col, dt, top):
    rhs = u.copy()
    rhs[0] = top
    return implicit_operator(col, dt) @ rhs


def consolidate(col, sched):
    dt = sched.years / sched.steps
    u = np.zeros(col.nodes)
    stage_len = sched.steps // len(sched.drawdowns_kpa)
    surface = []
    total_dd = 0.0
    for step in range(sched.steps):
        stage = min(step // stage_len, len(sched.drawdowns_kpa) - 1)
        if step % stage_len == 0 and step // stage_len < len(sched.drawdowns_kpa):
            total_dd += sched.drawdowns_kpa[stage]
            u = u + sched.drawdowns_kpa[stage]
        u = advance(u, col, dt, 0.0)
        effective = total_dd - u
        surface.append(float(col.mv * effective.sum() * col.depth_m / col.nodes))
    return u, np.array(surface)


col = Column()
sched = Schedule()
u, surface = consolidate(col, sched)
layers = np.array_split(total := (sum(sched.drawdowns_kpa) - u) * col.mv, 3)
for name, part in zip(("acrotelm", "mesotelm", "catotelm"), layers):
    print(f"{name:>9}: settlement {1000 * part.sum() * col.depth_m / col.nodes:8.3f} mm")
mean_cv = float(np.mean([col.cv_top, col.cv_base, 0.5 * (col.cv_top + col.cv_base)]))
for yr in range(0, sched.steps, sched.steps // 6):
    print(f"t={yr * sched.years / sched.steps:5.1f} yr  subsidence {1000 * surface[yr]:8.3f} mm")
print(f"result: {surface.sum() + total.sum() + mean_cv:.10e}")
