# ruff: noqa
"""Orbit determination for prospecting targets: fits the orbital elements (semi-major axis,
eccentricity, phase, perihelion angle; first-order epicyclic orbits) of a batch of asteroids to noisy astrometric positions
by gradient descent with a step-decay learning-rate schedule, in JAX; prints the mean element errors."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


def kepler_positions(elems, t):
    a, e, phase, omega = elems[:, 0], elems[:, 1], elems[:, 2], elems[:, 3]
    n = 2 * jnp.pi / a**1.5
    m = n[:, None] * t[None, :] + phase[:, None]
    r = a[:, None] * (1 - e[:, None] * jnp.cos(m))
    theta = m + 2 * e[:, None] * jnp.sin(m) + omega[:, None]
    return jnp.stack([r * jnp.cos(theta), r * jnp.sin(theta)], axis=-1)


def loss(elems, t, obs):
    return jnp.mean((kepler_positions(elems, t) - obs) ** 2)


@partial(jax.jit, static_argnames=("lr",))
def update(elems, t, obs, lr):
    val, g = jax.value_and_grad(loss)(elems, t, obs)
    return elems - lr * g, val


class OrbitFitter:
    def __init__(self, t, obs, lr0=0.05, decay=0.7, every=10):
        self.t, self.obs = t, obs
        self.lr0, self.decay, self.every = lr0, decay, every
        self.log = []

    def schedule(self, it):
        return self.lr0 * self.decay ** (it // self.every)

    def fit(self, elems, n_iter):
        it = 0
        while it < n_iter:
            elems, val = update(elems, self.t, self.obs, lr=self.schedule(it))
            if it % 10 == 0:
                self.log.append(float(val))
            it += 1
        return elems


rng = np.random.default_rng(8)
n_ast, n_obs = 64, 40
true = np.stack([rng.uniform(2.2, 3.2, n_ast), rng.uniform(0.05, 0.25, n_ast),
                 rng.uniform(0, 2 * np.pi, n_ast), rng.uniform(0, 2 * np.pi, n_ast)], axis=1)
t = jnp.asarray(np.sort(rng.uniform(0.0, 1.5, n_obs)), dtype=jnp.float32)
obs = kepler_positions(jnp.asarray(true, dtype=jnp.float32), t)
obs = obs + 0.002 * jnp.asarray(rng.standard_normal(obs.shape), dtype=jnp.float32)
start = jnp.asarray(true + rng.normal(0, [0.02, 0.01, 0.02, 0.02], size=true.shape), dtype=jnp.float32)
fitter = OrbitFitter(t, obs)
fitted = fitter.fit(start, 50)
err = np.abs(np.asarray(fitted) - true).mean(axis=0)
print("mean |error| (a, e, phase, omega):", np.round(err, 5), "loss log:", np.round(fitter.log, 6))
print(f"result: {err.sum() + fitter.log[-1]:.10e}")
