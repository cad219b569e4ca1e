# ruff: noqa
"""Plucked-string synthesis for a harpsichord's 8' register: each string is a finite-difference
model whose number of grid points follows its speaking length, plucked by a plectrum and run for
a fixed time; prints the loudness of the decayed tone at the bridge for every note of the
compass."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

N_STEPS = 400
NOTES = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]


@dataclass(frozen=True)
class StringSpec:
    key: int
    length_mm: float
    damping: float

    @property
    def points(self):
        return 16 * max(1, int(self.length_mm / 200.0))


@jax.jit
def vibrate(shape, damping):
    def step(carry, _):
        prev, cur = carry
        lap = jnp.zeros_like(cur).at[1:-1].set(cur[2:] - 2.0 * cur[1:-1] + cur[:-2])
        new = (2.0 * cur - (1.0 - damping) * prev + 0.9 * lap) / (1.0 + damping)
        return (cur, new), new[1]

    _, bridge = jax.lax.scan(step, (shape, shape), None, length=N_STEPS)
    return jnp.sqrt(jnp.mean(bridge[-100:] ** 2))


class Register:
    def __init__(self, specs):
        self.specs = specs

    def pluck_shape(self, spec):
        x = np.linspace(0.0, 1.0, spec.points)
        at = 0.12
        return np.where(x < at, x / at, (1.0 - x) / (1.0 - at)).astype(np.float32)

    def loudness(self, spec):
        return vibrate(jnp.asarray(self.pluck_shape(spec)), jnp.float32(spec.damping))


@jax.jit
def balance(levels, gain):
    return levels * gain / (jnp.max(levels) + 1e-9)


specs = [StringSpec(k, 1600.0 * 2.0 ** (-k / 12.0) + 150.0, 0.0004 + 0.00002 * k)
         for k in range(61)]
register = Register(specs)
queue = list(specs)
levels = []
while queue:
    spec = queue.pop(0)
    levels.append(register.loudness(spec))
levels = jnp.stack(levels)
gains = [1.0, 0.92, 0.8, 0.65]  # front 8', back 8', 4', buff stop
voiced = list(balance(levels[None, :], jnp.asarray(gains)[:, None]))
for name, row in zip(["8' front", "8' back", "4'", "buff"], voiced):
    print(f"{name:>8}: " + " ".join(f"{v:.2f}" for v in row.tolist()[::12]))
print(f"result: {float(jnp.sum(levels)) + sum(float(jnp.sum(v)) for v in voiced):.10e}")
