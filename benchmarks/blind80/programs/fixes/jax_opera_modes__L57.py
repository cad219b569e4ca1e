# ruff: noqa
"""Modal fit of an opera stage's orchestra-pit resonances: a sum of damped resonant modes
(frequency, decay, amplitude) is fitted to a measured low-frequency transfer function with
Levenberg-Marquardt iterations (the damping factor adapted after each trial step); prints the
fitted modes and the final misfit."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", False)


def response(params, f):
    fr, decay, amp = params[0::3], params[1::3], params[2::3]
    s = 2j * jnp.pi * f[:, None]
    poles = -decay + 2j * jnp.pi * fr
    h = amp / (s - poles) + amp / (s - jnp.conj(poles))
    return h.sum(axis=1)


def residuals(params, f, measured):
    d = response(params, f) - measured
    return jnp.concatenate([d.real, d.imag]) / jnp.abs(measured).mean()


@jax.jit
def lm_step(params, f, measured, damping):
    r = residuals(params, f, measured)
    J = jax.jacfwd(residuals)(params, f, measured)
    A = J.T @ J
    A = A + damping * jnp.diag(jnp.diag(A))
    delta = jnp.linalg.solve(A, -J.T @ r)
    return params + delta, jnp.sum(r**2)


@jax.jit
def misfit(params, f, measured):
    return jnp.sum(residuals(params, f, measured) ** 2)


rng = np.random.default_rng(8)
true = np.array([[42.0, 3.0, 9.0], [61.0, 4.5, 6.0], [88.0, 5.0, 7.5], [117.0, 7.0, 4.0],
                 [150.0, 6.0, 5.0], [196.0, 9.0, 3.0]]).ravel()
f = jnp.asarray(np.linspace(20.0, 240.0, 1200), dtype=jnp.float32)
clean = np.asarray(response(jnp.asarray(true, dtype=jnp.float32), f))
measured = jnp.asarray(clean * (1 + 0.02 * rng.standard_normal(clean.shape)), dtype=jnp.complex64)
params = jnp.asarray(true * (1 + 0.01 * rng.standard_normal(true.shape)), dtype=jnp.float32)

damping = 1e-3
cost = float(misfit(params, f, measured))
history = [cost]
it = 0
converged = False
while it < 4 and not converged:
    trial, _ = lm_step(params, f, measured, damping)
    trial_cost = float(misfit(trial, f, measured))
    if trial_cost < cost:
        converged = cost - trial_cost < 1e-3 * cost
        params, cost = trial, trial_cost
        damping = max(damping * 0.3, 1e-7)
    else:
        damping = damping * 7.0
    history.append(cost)
    it += 1
modes = np.asarray(params).reshape(-1, 3)
for fr, dec, amp in modes:
    print(f"mode {fr:7.2f} Hz  decay {dec:5.2f}/s  amp {amp:5.2f}")
print(f"{it} iterations, misfit {cost:.5f}")
print(f"result: {float(np.abs(modes).sum()) + cost:.10e}")
