# ruff: noqa
"""Car-following on a single-lane ring road with the Intelligent Driver Model in JAX: 200
vehicles with heterogeneous desired speeds, integrated between the irregular timestamps of a
loop-detector log, with the mean speed and headway compared to the detector at each record."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")

RING = 4000.0
DT = 0.05


def idm_accel(x, v, v0, T=1.5, a=1.0, b=1.5, s0=2.0, length=5.0):
    gap = (jnp.roll(x, -1) - x) % RING - length
    dv = v - jnp.roll(v, -1)
    s_star = s0 + v * T + v * dv / (2.0 * jnp.sqrt(a * b))
    return a * (1.0 - (v / v0) ** 4 - (s_star / jnp.maximum(gap, 0.1)) ** 2)


@partial(jax.jit, static_argnums=(3,))
def advance(x, v, v0, n_steps):
    def body(_, state):
        x, v = state
        acc = idm_accel(x, v, v0)
        v = jnp.maximum(v + DT * acc, 0.0)
        return (x + DT * v) % RING, v
    return jax.lax.fori_loop(0, n_steps, body, (x, v))


class DetectorLog:
    def __init__(self, rng, n_records):
        gaps = rng.integers(10, 38, size=n_records)
        self.times = np.cumsum(gaps) * DT
        self.speed = 12.0 + rng.normal(0.0, 1.0, n_records)

    def __iter__(self):
        return iter(zip(self.times, self.speed))


class Replay:
    def __init__(self, x, v, v0):
        self.state = (x, v)
        self.v0 = v0
        self.t = 0.0

    def step_to(self, t_next):
        n = int(round((t_next - self.t) / DT))
        self.state = advance(*self.state, self.v0, n)
        self.t = t_next
        return self.state


rng = np.random.default_rng(8)
n_veh = 200
x0 = jnp.asarray(np.sort(rng.uniform(0, RING, n_veh)), dtype=jnp.float32)
v0_des = jnp.asarray(rng.uniform(25.0, 33.0, n_veh), dtype=jnp.float32)
v_init = jnp.full(n_veh, 10.0, dtype=jnp.float32)
log = DetectorLog(rng, 64)
replay = Replay(x0, v_init, v0_des)
errors = []
for k, (t, measured) in enumerate(log):
    x, v = replay.step_to(t)
    if k % 10 == 0:
        errors.append(float(jnp.mean(v)) - measured)
x, v = replay.state
print(f"time {replay.t:.1f}s, mean speed {float(v.mean()):.3f}, records {len(errors)}")
print(f"result: {float(v.sum()) + float(jnp.sum(x)) * 1e-3 + sum(errors):.10e}")
