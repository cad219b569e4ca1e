# ruff: noqa
"""Data-center hall thermal model: server inlet and surface temperatures of every rack slot are
advanced in time from the IT load, convective cooling by the CRAC supply air and radiative
exchange with the hall; a simple controller sets each CRAC unit's supply temperature from the
return air, and the hall's energy balance and hottest slots are reported."""
from dataclasses import dataclass, field

import numpy as np

SIGMA = 5.670374419e-8


@dataclass
class CracUnit:
    name: str
    supply_c: float
    setpoint_c: float
    gain: float = 0.15


@dataclass
class HallState:
    surface_k: np.ndarray
    air_k: np.ndarray
    emissivity: float = 0.85
    area_m2: float = 0.02

    @property
    def radiative_w(self):
        wall_k = 295.0
        return self.emissivity * SIGMA * self.area_m2 * (self.surface_k * self.surface_k * (self.surface_k * self.surface_k) - wall_k**4)

    @property
    def convective_w(self):
        return 12.0 * self.area_m2 * (self.surface_k - self.air_k)


def control(units, return_c):
    for unit in units:
        error = return_c - unit.setpoint_c
        if error > 1.0:
            unit.supply_c = max(12.0, unit.supply_c - unit.gain * error)
        elif error < -1.0:
            unit.supply_c = min(24.0, unit.supply_c - unit.gain * error)
        else:
            unit.supply_c -= 0.1 * unit.gain * error


def simulate(n_slots, n_steps, seed):
    rng = np.random.default_rng(seed)
    load_w = rng.uniform(20.0, 90.0, size=n_slots)
    capacity = rng.uniform(900.0, 1400.0, size=n_slots)
    state = HallState(
        surface_k=np.full(n_slots, 300.0) + rng.normal(0, 2.0, n_slots),
        air_k=np.full(n_slots, 293.0),
    )
    units = [CracUnit(f"CRAC-{c}", 18.0, 24.0 + 0.5 * c) for c in range(4)]
    zone = np.arange(n_slots) % 4
    dt = 5.0
    energy = 0.0
    radiated = 0.0
    for step in range(n_steps):
        supply = np.array([u.supply_c for u in units]) + 273.15
        q_out = state.radiative_w + state.convective_w
        state.surface_k += dt * (load_w * (1.0 + 0.1 * np.sin(step / 9.0)) - q_out) / capacity
        state.air_k += 0.05 * (supply[zone] - state.air_k) + 0.002 * q_out
        return_c = float(state.air_k.mean()) - 273.15 + 6.0
        control(units, return_c)
        energy += float(q_out.sum()) * dt
        radiated += float(state.radiative_w.sum()) * dt
    return state, units, energy, radiated


state, units, energy, radiated = simulate(n_slots=400_000, n_steps=90, seed=3)
hot = np.argsort(state.surface_k)[-3:]
print("hottest slots: " + ", ".join(f"{i} ({state.surface_k[i] - 273.15:.1f} C)" for i in hot))
print("CRAC supply: " + ", ".join(f"{u.name} {u.supply_c:.2f} C" for u in units))
print(f"radiated: {radiated / energy:.3%} of the heat removed")
print(f"result: {energy + radiated + state.surface_k.sum() + sum(u.supply_c for u in units):.10e}")
