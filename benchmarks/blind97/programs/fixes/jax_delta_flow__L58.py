# ruff: noqa
"""Daily kinematic-wave routing through the reaches of a river delta's channel network: each
reach (a different number of computational segments) routes its upstream inflow for one day with
Manning's equation, and the network reports the discharge delivered to the coast per day."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")
STEPS_PER_DAY = 48
DT = 1800.0
MAX_SEGMENTS = 128


@dataclass
class Reach:
    rid: int
    segments: int
    slope: np.ndarray
    width: np.ndarray
    roughness: float


@jax.jit
def route_day(storage, slope, width, inflow, roughness, last):
    def step(_, s):
        depth = s / width
        velocity = depth ** (2.0 / 3.0) * jnp.sqrt(slope) / roughness
        q = velocity * depth * width
        upstream = jnp.concatenate([inflow[None], q[:-1]])
        return jnp.maximum(s + DT * (upstream - q) / 5000.0, 0.0)

    s = jax.lax.fori_loop(0, STEPS_PER_DAY, step, storage)
    depth = s / width
    out = (depth ** (2.0 / 3.0) * jnp.sqrt(slope) / roughness * depth * width)[last]
    return s, out


def make_network(rng, n_reaches):
    reaches = []
    for r in range(n_reaches):
        n = int(30 + 7 * r + rng.integers(0, 5))
        reaches.append(Reach(r, n, rng.uniform(1e-5, 8e-5, n), rng.uniform(40.0, 120.0, n), 0.03))
    return reaches


def simulate(reaches, days, rng):
    storage = {r.rid: np.full(r.segments, 150.0) for r in reaches}
    delivered = []
    day = 0
    while day < days:
        inflow = 900.0 * (1.0 + 0.4 * np.sin(day / 3.0)) + rng.normal(0, 20.0)
        total = 0.0
        k = 0
        while k < len(reaches):
            reach = reaches[k]
            n, pad = reach.segments, MAX_SEGMENTS - reach.segments
            s, out = route_day(np.pad(storage[reach.rid], (0, pad)), np.pad(reach.slope, (0, pad), constant_values=1e-5), np.pad(reach.width, (0, pad), constant_values=1.0), inflow / len(reaches), reach.roughness, n - 1)
            storage[reach.rid] = s[:n]
            total = total + out
            k += 1
        delivered.append(float(total))
        day += 1
    return np.array(delivered), storage


rng = np.random.default_rng(4)
reaches = make_network(rng, 8)
delivered, storage = simulate(reaches, 6, rng)
print(f"reaches: {len(reaches)}, delivered per day: {np.round(delivered, 1)}")
print(f"result: {delivered.sum() + sum(float(np.sum(s)) for s in storage.values()) * 1e-3:.10e}")
