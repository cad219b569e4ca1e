"""Adaptive-step RK4 integration of an ensemble of Lotka-Volterra predator-prey systems.

Each of 4096 systems has its own rates; the whole ensemble is advanced together with RK4,
the local error is estimated by step doubling and the step size adapted until the end time.
Run for two predator-efficiency settings.
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def rhs(y, rates):
    prey, pred = y[:, 0], y[:, 1]
    a, b, c, d = rates[:, 0], rates[:, 1], rates[:, 2], rates[:, 3]
    return jnp.stack([a * prey - b * prey * pred, d * prey * pred - c * pred], axis=1)


def rk4(y, rates, dt):
    k1 = rhs(y, rates)
    k2 = rhs(y + 0.5 * dt * k1, rates)
    k3 = rhs(y + 0.5 * dt * k2, rates)
    k4 = rhs(y + dt * k3, rates)
    return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


@jax.jit
def doubled_step(y, rates, dt):
    full = rk4(y, rates, dt)
    half = rk4(rk4(y, rates, 0.5 * dt), rates, 0.5 * dt)
    err = jnp.max(jnp.abs(full - half))
    return half, err


def integrate(y, rates, t_end, dt=0.05, tol=1e-4):
    t = 0.0
    n_steps = 0
    while t < t_end:
        dt = min(dt, t_end - t)
        y_new, err = doubled_step(y, rates, dt)
        err = float(err)
        if err <= tol:
            y, t = y_new, t + dt
            n_steps += 1
        dt = dt * min(2.0, max(0.2, 0.9 * (tol / max(err, 1e-14)) ** 0.2))
    return y, n_steps


def main(n=4096, seed=4):
    rng = np.random.default_rng(seed)
    base = np.column_stack([rng.uniform(0.8, 1.2, n), rng.uniform(0.3, 0.5, n),
                            rng.uniform(0.8, 1.2, n), rng.uniform(0.05, 0.15, n)])
    y0 = jnp.asarray(rng.uniform(5.0, 15.0, (n, 2)), dtype=jnp.float32)
    total = 0.0
    steps = 0
    for eff in (1.0, 1.5):
        rates = jnp.asarray(base, dtype=jnp.float32).at[:, 3].multiply(eff)
        y, k = integrate(y0, rates, t_end=0.1)
        total += float(jnp.sum(y))
        steps += k
    return total, steps


if __name__ == "__main__":
    total, steps = main()
    print("result:", round(total, 2) + steps)
