# ruff: noqa
"""Karst tracer tests: for each dye injection, a breakthrough curve is sampled at the spring
(every test has its own sampling campaign, so its own number of samples); a one-dimensional
advection-dispersion model (mean velocity, dispersivity, recovered mass) is fitted to each curve
by gradient descent in log-parameter space. Reports the fitted conduit velocities."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class TracerTest:
    name: str
    distance_m: float
    times_h: np.ndarray
    conc: np.ndarray


def ade_curve(params, t, x):
    v, d, m = jnp.exp(params)
    t = jnp.maximum(t, 1e-3)
    return m / jnp.sqrt(4 * jnp.pi * d * t) * jnp.exp(-((x - v * t) ** 2) / (4 * d * t))


def misfit(params, t, c, x):
    pred = ade_curve(params, t, x)
    return jnp.mean((pred - c) ** 2) / jnp.mean(c ** 2)


loss_and_grad = jax.jit(jax.value_and_grad(misfit))


def descend(params, t, c, x, lr, n_steps):
    losses = []
    for _ in range(n_steps):
        loss, g = loss_and_grad(params, t, c, x)
        params = params - lr * g
    return params, loss


def fit(test, n_steps=120, lr=0.05):
    t = jnp.asarray(test.times_h, dtype=jnp.float32)
    c = jnp.asarray(test.conc, dtype=jnp.float32)
    peak = float(test.times_h[np.argmax(test.conc)])
    guess = jnp.log(jnp.array([test.distance_m / peak, 0.1 * test.distance_m ** 2 / peak, 1.0]))
    return descend(guess, t, c, jnp.float32(test.distance_m), lr, n_steps)


def campaign(rng, i):
    dist = rng.uniform(800, 6000)
    v = rng.uniform(30, 250)
    disp = rng.uniform(5, 40) * v
    n = int(rng.integers(40, 160))
    t = np.sort(rng.uniform(0.2, 3.0 * dist / v, size=n))
    c = np.exp(np.log(50.0)) / np.sqrt(4 * np.pi * disp * t) * np.exp(-((dist - v * t) ** 2) / (4 * disp * t))
    c = c * rng.lognormal(0, 0.05, size=n)
    return TracerTest(f"inj-{i:02d}", dist, t.astype(np.float32), c.astype(np.float32))


rng = np.random.default_rng(8)
tests = [campaign(rng, i) for i in range(5)]
fitted = list(map(fit, tests))
misfits = []
total = 0.0
for test, (params, loss) in zip(tests, fitted):
    misfits.append(float(loss))
    v, d, m = np.exp(np.asarray(params))
    total += v
print(f"median velocity {np.median([np.exp(float(p[0])) for p, _ in fitted]):.1f} m/h, worst misfit {max(misfits):.3f}")
print(f"result: {total + sum(misfits):.10e}")
