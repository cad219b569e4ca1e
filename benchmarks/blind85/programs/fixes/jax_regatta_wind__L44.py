# ruff: noqa
"""Wind-field reconstruction for a regatta: for every race, a smooth wind model (mean direction,
a linear trend across the course and an oscillation) is fitted by gradient descent to the
headings and speeds logged by the committee boats and marks; prints the fitted oscillation
period of each race and the mean residual."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


def wind_model(params, t, x):
    mean_dir, trend, amp, omega, speed = params
    direction = mean_dir + trend * x + amp * jnp.sin(omega * t)
    return direction, speed * jnp.ones_like(t)


def loss_fn(params, t, x, heading, speed):
    d, s = wind_model(params, t, x)
    return jnp.mean(1.0 - jnp.cos(heading - d)) + 0.01 * jnp.mean((speed - s) ** 2)


@jax.jit
def sgd_step(params, t, x, heading, speed):
    loss, g = jax.value_and_grad(loss_fn)(params, t, x, heading, speed)
    return params - 0.5 * g, loss


def race_log(rng, n):
    t = np.sort(rng.uniform(0.0, 60.0, n)).astype(np.float32)
    x = rng.uniform(-1.0, 1.0, n).astype(np.float32)
    true = np.array([rng.uniform(-0.5, 0.5), 0.1, 0.15, 2 * np.pi / rng.uniform(8, 20), 12.0])
    heading = true[0] + true[1] * x + true[2] * np.sin(true[3] * t) + rng.normal(0, 0.05, n)
    speed = 12.0 + rng.normal(0, 1.0, n)
    return t, x, heading.astype(np.float32), speed.astype(np.float32)


def fit_race(log, steps=60):
    t, x, heading, speed = (jnp.asarray(a) for a in log)
    params = jnp.array([0.0, 0.0, 0.1, 0.5, 10.0], dtype=jnp.float32)
    for _ in range(steps):
        params, loss = sgd_step(params, t, x, heading, speed)
    return params, loss


rng = np.random.default_rng(8)
scales = jnp.array([1.0, 0.5, 0.25])
periods, residuals = [], []
for race in range(8):
    n = int(rng.integers(900, 1600))
    params, loss = fit_race(race_log(rng, n))
    periods.append(2 * np.pi / float(params[3]))
    residuals.append(loss)
residuals = [float(r) for r in residuals]
weighted = 0.0
for s in scales:
    weighted += float(s) * np.mean(residuals)
for race, p in enumerate(periods[:5]):
    print(f"race {race}: oscillation period {p:.2f} min")
print(f"mean residual {np.mean(residuals):.5f}")
print(f"result: {sum(periods) + weighted:.10e}")
