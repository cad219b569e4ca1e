# ruff: noqa
"""Thermal history of a fused-filament printed wall: layers are deposited one after another at
the nozzle temperature, and the wall's temperature profile along its height is advanced with an
implicit conduction step plus convective cooling to the chamber air between depositions. Reports
how long each layer's interface stays above the glass transition (a proxy for layer bonding)."""
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Material:
    name: str
    t_nozzle: float
    t_glass: float
    diffusivity: float   # mm^2/s
    h_conv: float        # 1/s, lumped convective loss


@dataclass(frozen=True)
class Job:
    n_layers: int
    layer_mm: float
    layer_time_s: float
    dt_s: float
    t_bed: float
    t_air: float


def conduction_matrix(n, dt, dx, alpha, h):
    r = alpha * dt / dx ** 2
    a = np.eye(n) * (1.0 + 2.0 * r + h * dt)
    a += np.diag(np.full(n - 1, -r), 1) + np.diag(np.full(n - 1, -r), -1)
    a[0, :] = 0.0
    a[0, 0] = 1.0                     # bed held at temperature
    a[-1, -1] = 1.0 + r + h * dt      # top surface, insulated apart from convection
    return a


def implicit_step(temps, active, mat, job):
    n = temps.shape[0]
    inv = np.linalg.inv(conduction_matrix(n, job.dt_s, job.layer_mm, mat.diffusivity, mat.h_conv))
    rhs = temps + mat.h_conv * job.dt_s * job.t_air
    rhs[0] = job.t_bed
    new = inv @ rhs
    return np.where(active, new, job.t_air)


def cool_between_layers(temps, active, mat, job, above_tg):
    steps = int(job.layer_time_s / job.dt_s)
    for _ in range(steps):
        temps = implicit_step(temps, active, mat, job)
        above_tg += (temps > mat.t_glass) & active
    return temps


def print_wall(mat, job):
    n = job.n_layers + 1
    temps = np.full(n, job.t_air)
    temps[0] = job.t_bed
    active = np.zeros(n, dtype=bool)
    active[0] = True
    above_tg = np.zeros(n)
    for layer in range(1, n):
        speed = np.clip(40.0 * (1.0 - 0.002 * layer), 5.0, 80.0)
        active[layer] = True
        temps[layer] = mat.t_nozzle - 0.1 * speed
        temps = cool_between_layers(temps, active, mat, job, above_tg)
    return temps, above_tg * job.dt_s


materials = [Material("PLA", 210.0, 60.0, 0.09, 0.004), Material("PETG", 240.0, 80.0, 0.11, 0.003),
             Material("ABS", 250.0, 105.0, 0.12, 0.005)]
job = Job(n_layers=100, layer_mm=0.2, layer_time_s=3.0, dt_s=0.25, t_bed=60.0, t_air=35.0)
total = 0.0
for mat in materials:
    temps, bonded = print_wall(mat, job)
    print(f"{mat.name}: mean time above Tg {bonded[1:].mean():.2f} s, top {temps[-1]:.1f} C")
    total += bonded.sum() + temps.sum()
print(f"result: {total:.10e}")
