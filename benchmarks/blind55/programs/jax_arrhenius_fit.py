# ruff: noqa
"""Arrhenius fit of a two-step consecutive reaction A -> B -> C from isothermal batch
experiments: each experiment is integrated with explicit RK4 for its own duration, the model's
B concentrations are compared with noisy measurements, and the pre-exponential factors and
activation energies are fitted by gradient descent on the log-parameters until the loss
stops improving."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", False)
R_GAS = 8.314
DT = 0.5
HORIZON = 500


def rhs(y, k1, k2):
    a, b = y[0], y[1]
    return jnp.stack([-k1 * a, k1 * a - k2 * b, k2 * b])


@partial(jax.jit, static_argnums=(2,))
def integrate(theta, temp, n_steps):
    k1 = jnp.exp(theta[0] - jnp.exp(theta[1]) / (R_GAS * temp))
    k2 = jnp.exp(theta[2] - jnp.exp(theta[3]) / (R_GAS * temp))

    def step(y, _):
        s1 = rhs(y, k1, k2)
        s2 = rhs(y + 0.5 * DT * s1, k1, k2)
        s3 = rhs(y + 0.5 * DT * s2, k1, k2)
        s4 = rhs(y + DT * s3, k1, k2)
        y = y + DT / 6.0 * (s1 + 2 * s2 + 2 * s3 + s4)
        return y, y[1]

    _, b = jax.lax.scan(step, jnp.array([1.0, 0.0, 0.0]), None, length=n_steps)
    return b


def make_experiments(rng, n):
    true = np.array([np.log(2.0e5), np.log(4.5e4), np.log(8.0e6), np.log(6.0e4)])
    exps = []
    for i in range(n):
        temp = 320.0 + 2.5 * i
        n_steps = int(200 + 37 * i)
        b = np.asarray(integrate(jnp.asarray(true, jnp.float32), temp, HORIZON))[:n_steps]
        exps.append({"temp": temp, "n_steps": n_steps,
                     "b_obs": b + 0.01 * rng.standard_normal(n_steps).astype(np.float32)})
    return exps, true


def exp_loss(theta, exp):
    b = integrate(theta, exp["temp"], exp["n_steps"])
    return jnp.mean((b - exp["b_obs"]) ** 2)


def fit(theta, exps, lr=0.05, tol=1e-7, max_iter=4):
    grad_fn = jax.value_and_grad(exp_loss)
    prev = np.inf
    it = 0
    while it < max_iter:
        total = 0.0
        g_sum = jnp.zeros_like(theta)
        for exp in exps:
            loss, g = grad_fn(theta, exp)
            total = total + loss
            g_sum = g_sum + g
        theta = theta - lr * g_sum / len(exps)
        cur = float(total)
        print(f"iter {it}: loss {cur:.6e}")
        if abs(prev - cur) < tol:
            break
        prev = cur
        it += 1
    return theta, cur


rng = np.random.default_rng(0)
exps, true = make_experiments(rng, 8)
theta0 = jnp.asarray(true * np.array([1.02, 0.99, 0.98, 1.01]), jnp.float32)
theta, loss = fit(theta0, exps)
print("fitted", np.round(np.asarray(theta), 4), "true", np.round(true, 4))
print(f"result: {float(jnp.sum(theta)) + loss:.10e}")
