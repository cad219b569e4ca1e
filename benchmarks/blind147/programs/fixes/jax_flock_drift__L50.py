# ruff: noqa
"""Flock movement across a station's paddocks during mustering: each paddock's mob is simulated
with a simple boids model (cohesion, separation, a pull towards the gate, and a dog pushing the
stragglers), in JAX. Prints how far each mob is from its gate at the end of the muster."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np


@dataclass(frozen=True)
class MusterConfig:
    steps: int = 60
    dt: float = 0.1
    cohesion: float = 0.05
    separation: float = 0.8
    gate_pull: float = 0.3
    max_mob: int = 160


CFG = MusterConfig()


@jax.jit
def muster(pos, vel, gate, alive):
    w = alive[:, None]
    count = alive.sum()

    def body(_, state):
        p, v = state
        centre = (p * w).sum(0) / count
        d = p[:, None, :] - p[None, :, :]
        r2 = (d ** 2).sum(-1) + 1.0
        push = (d / r2[..., None] ** 1.5 * w[None, :, :]).sum(1)
        to_gate = gate - p
        dist = jnp.sqrt((to_gate ** 2).sum(1, keepdims=True))
        dog = 0.1 * to_gate * (dist > (dist * w).sum() / count)
        v = 0.9 * v + CFG.dt * (CFG.cohesion * (centre - p) + CFG.separation * push
                                + CFG.gate_pull * to_gate / dist + dog)
        return p + CFG.dt * v * w, v * w

    p, _ = jax.lax.fori_loop(0, CFG.steps, body, (pos, vel))
    gap = jnp.sqrt(((p - gate) ** 2).sum(1))
    return (gap * alive).sum() / count


def _advance(pos, vel, gate):
    alive = np.ones(len(pos), np.float32); pad = CFG.max_mob - len(pos); pos = np.pad(pos, ((0, pad), (0, 0)), constant_values=1e4); vel = np.pad(vel, ((0, pad), (0, 0))); alive = np.pad(alive, (0, pad))
    return muster(jnp.asarray(pos), jnp.asarray(vel), jnp.asarray(gate), jnp.asarray(alive))


def run_paddock(paddock, rng):
    n = paddock["mob"]
    pos = rng.uniform(0, paddock["size"], size=(n, 2)).astype(np.float32)
    vel = np.zeros((n, 2), np.float32)
    gate = np.array(paddock["gate"], np.float32)
    return _advance(pos, vel, gate)


rng = np.random.default_rng(8)
paddocks = [{"name": f"paddock-{i}", "mob": int(rng.integers(60, 160)),
             "size": float(rng.uniform(40, 90)), "gate": (0.0, float(rng.uniform(0, 40)))}
            for i in range(7)]
distances = []
for pad in paddocks:
    gap = run_paddock(pad, rng)
    distances.append(float(gap))
for pad, dist in zip(paddocks[:6], distances):
    print(f"{pad['name']}: mob {pad['mob']}, mean distance to gate {dist:.2f} m")
print(f"result: {sum(distances):.10e}")
