# ruff: noqa
"""Surface settlement above an advancing tunnel face: as the boring machine advances ring by ring,
the Gaussian settlement trough (Peck's method) from every excavated ring is superposed at the
monitoring points along the alignment, and the advance is paused at stages where the predicted
settlement exceeds the building-protection limit."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class Ground:
    depth: float = 18.0        # tunnel axis depth, m
    k: float = 0.45            # trough width factor
    volume_loss: float = 0.012
    diameter: float = 9.5


def phi(z):
    return 0.5 * (1.0 + jax.scipy.special.erf(z / jnp.sqrt(2.0)))


@jax.jit
def settlement(ring_x, ring_w, monitor_x, depth, k, vl, diameter, ring_length):
    i = k * depth
    smax = vl * jnp.pi * diameter ** 2 / 4.0 / (jnp.sqrt(2 * jnp.pi) * i)
    dx = monitor_x[:, None] - ring_x[None, :]
    share = phi((dx + ring_length) / i) - phi(dx / i)
    return smax * (share * ring_w[None, :]).sum(axis=1) * 1000.0


def advance(ground, monitor_x, ring_length=1.5, rings_per_day=24, days=12, limit=20.0):
    built = 0
    day = 0
    pauses = []
    worst = []
    while day < days:
        built += rings_per_day
        ring_x = np.arange(built) * ring_length
        ring_w = np.ones(built)
        s = settlement(ring_x, ring_w, monitor_x, ground.depth, ground.k, ground.volume_loss,
                       ground.diameter, ring_length)
        worst.append(s[80:120].max())
        day += 1
    worst = np.asarray(jnp.stack(worst), dtype=np.float64)
    pauses = [d for d in range(days) if worst[d] > limit]
    return worst, pauses


monitor_x = jnp.linspace(-50.0, 700.0, 400)
ground = Ground()
worst, pauses = advance(ground, monitor_x)
print(f"paused on {len(pauses)} of {len(worst)} days; final peak settlement {worst[-1]:.2f} mm")
print(f"result: {float(worst.sum()) + len(pauses):.10e}")
