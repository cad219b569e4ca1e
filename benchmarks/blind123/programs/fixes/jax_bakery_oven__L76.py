# ruff: noqa
"""Deck-oven bake simulation for an artisan bakery: each bake session loads a different number of
loaves; heat conducts from the crust to the crumb on a radial grid of each loaf while the deck
follows its temperature profile, and the run reports each session's coldest core temperature, the
loaves that reached doneness, and the energy drawn by the oven's heating zones."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np

N_RADIAL = 16
BAKE_STEPS = 2400
DT = 1.0  # seconds


@dataclass
class Session:
    name: str
    radius_cm: np.ndarray   # one per loaf
    moisture: np.ndarray    # one per loaf
    deck_c: float


def radial_operator(n):
    """Finite-difference Laplacian in spherical coordinates on a unit radius (rows: nodes)."""
    op = np.zeros((n, n))
    h = 1.0 / (n - 1)
    for i in range(1, n - 1):
        r = i * h
        op[i, i - 1] = 1.0 / h ** 2 - 1.0 / (r * h)
        op[i, i] = -2.0 / h ** 2
        op[i, i + 1] = 1.0 / h ** 2 + 1.0 / (r * h)
    op[0, 0], op[0, 1] = -6.0 / h ** 2, 6.0 / h ** 2
    return jnp.asarray(op.T, dtype=jnp.float32)


LAPLACIAN_T = radial_operator(N_RADIAL)
CRUST = jnp.arange(N_RADIAL) == N_RADIAL - 1


@jax.jit
def bake_profile(radius_cm, moisture, deck_c):
    diffusivity = (8e-3 * (1.0 - 0.5 * moisture) / radius_cm ** 2)[:, None]
    temp0 = jnp.full((radius_cm.shape[0], N_RADIAL), 24.0)

    def step(i, temp):
        new = temp + DT * diffusivity * (temp @ LAPLACIAN_T)
        crust = deck_c - (deck_c - temp) * 0.995
        return jnp.minimum(jnp.where(CRUST, crust, new), 100.0)

    temp = jax.lax.fori_loop(0, BAKE_STEPS, step, temp0)
    return temp[:, 0], temp.mean(axis=1)


@jax.jit
def zone_energy(setpoint, load_kg):
    t = jnp.arange(BAKE_STEPS) * DT
    return load_kg * 0.9 * (setpoint - 24.0) * jnp.sum(jnp.exp(-t / 900.0)) * DT / 3.6e6


class Oven:
    def __init__(self, zones=(0.35, 0.3, 0.2, 0.15)):
        self.zones = zones
        self.energy_kwh = 0.0

    def _simulate(self, session):
        return bake_profile(jnp.asarray(session.radius_cm), jnp.asarray(session.moisture), session.deck_c)

    def bake(self, session):
        core, mean = self._simulate(session)
        done = core >= 96.0
        return {"coldest": float(core.min()), "done": int(done.sum()), "mean": float(mean.sum())}

    def heat_zones(self, deck_c, load_kg):
        self.energy_kwh += float(zone_energy(deck_c, jnp.asarray(self.zones) * load_kg).sum())


def day_sessions(rng, n):
    sessions = []
    for k in range(n):
        loaves = int(rng.integers(18, 160))
        sessions.append(Session(f"bake-{k:02d}", rng.uniform(4.0, 7.5, loaves).astype(np.float32),
                                rng.uniform(0.35, 0.45, loaves).astype(np.float32),
                                float(rng.choice([230.0, 240.0, 250.0]))))
    return sessions


rng = np.random.default_rng(9)
queue = day_sessions(rng, 5)
oven = Oven()
checksum = 0.0
while queue:
    session = queue.pop(0)
    report = oven.bake(session)
    oven.heat_zones(session.deck_c, 0.6 * len(session.radius_cm))
    print(f"{session.name}: {len(session.radius_cm)} loaves, {report['done']} done, coldest core {report['coldest']:.1f} C")
    checksum += report["coldest"] + report["done"] + report["mean"]
print(f"oven energy {oven.energy_kwh:.2f} kWh")
print(f"result: {checksum + oven.energy_kwh:.10e}")
