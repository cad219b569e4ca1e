# ruff: noqa
"""Seed-bank drying room: each incoming seed lot is dried until its moisture content is safe for
storage; the moisture readings logged for every lot (a different number per lot) are fitted with
an exponential drying curve (least squares on the log scale, in JAX), giving each lot's drying
rate and equilibrium moisture, then a report of the room's settings."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class Room:
    temperature: float = 15.0
    humidity: float = 0.15
    target: float = 0.06


@jax.jit
def fit_curve(t, m, eq):
    """Fit log(m - eq) = a - k t by least squares; return (k, a, rmse)."""
    z = jnp.log(jnp.clip(m - eq, 1e-4, None))
    tm, zm = t.mean(), z.mean()
    k = -jnp.sum((t - tm) * (z - zm)) / jnp.sum((t - tm) ** 2)
    a = zm + k * tm
    resid = z - (a - k * t)
    return k, a, jnp.sqrt(jnp.mean(resid**2))


@jax.jit
def room_loss(rates, scale):
    return jnp.mean((rates * scale - 0.02) ** 2)


def lot_readings(rng, room, n_lots):
    for _ in range(n_lots):
        n = int(rng.integers(40, 400))
        t = np.sort(rng.uniform(0.0, 240.0, size=n)).astype(np.float32)
        k = rng.uniform(0.01, 0.04)
        m0 = rng.uniform(0.12, 0.2)
        m = room.target * 0.8 + (m0 - room.target * 0.8) * np.exp(-k * t)
        m = (m * (1.0 + 0.01 * rng.standard_normal(n))).astype(np.float32)
        yield t, m


def dry_lots(room, rng, n_lots):
    fits = []
    readings = lot_readings(rng, room, n_lots)
    while True:
        lot = next(readings, None)
        if lot is None:
            break
        t, m = lot
        k, a, rmse = fit_curve(jnp.asarray(t), jnp.asarray(m), room.target * 0.8)
        fits.append((k, a, rmse))
    return jnp.array([f[0] for f in fits]), jnp.array([f[2] for f in fits])


rng = np.random.default_rng(17)
room = Room()
rates, errs = dry_lots(room, rng, 16)
losses = []
for scale in (0.5, 1.0, 2.0):
    losses.append(room_loss(rates, scale))
best = int(np.argmin(np.array(losses)))
print(f"lots: {len(rates)}, median drying rate {float(jnp.median(rates)):.4f}/h, "
      f"median rmse {float(jnp.median(errs)):.4f}, best scale #{best}")
print(f"result: {float(rates.sum()) + float(errs.sum()) + best:.10e}")
