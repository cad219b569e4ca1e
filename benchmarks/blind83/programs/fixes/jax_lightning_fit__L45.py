# ruff: noqa
"""Lightning stroke waveform fitting: each detected sferic (its record length depends on the
trigger) is fitted with a double-exponential return-stroke model by a few hundred steps of
gradient descent, and the fitted rise and decay times are summarised per storm."""
import jax
import jax.numpy as jnp
import numpy as np


def model(params, t):
    amp, rise, decay = params
    return amp * (jnp.exp(-t / jnp.exp(decay)) - jnp.exp(-t / jnp.exp(rise)))


def loss(params, t, y, m):
    return jnp.sum(m * (model(params, t) - y) ** 2) / jnp.sum(m)


@jax.jit
def fit(params, t, y, m):
    grad = jax.grad(loss)

    def step(p, _):
        return p - 0.05 * grad(p, t, y, m), None

    params, _ = jax.lax.scan(step, params, None, length=300)
    return params, loss(params, t, y, m)


def sferics(rng, n):
    for _ in range(n):
        length = int(rng.integers(180, 420))
        t = np.arange(length) * 0.1
        true = (1.0 + rng.random(), np.log(0.3 + rng.random()), np.log(4.0 + 4 * rng.random()))
        y = true[0] * (np.exp(-t / np.exp(true[2])) - np.exp(-t / np.exp(true[1])))
        yield t.astype(np.float32), (y + 0.02 * rng.standard_normal(length)).astype(np.float32)


rng = np.random.default_rng(12)
init = jnp.array([1.0, np.log(0.5), np.log(5.0)], dtype=jnp.float32)
summary = []
for storm in range(3):
    fits, losses = [], []
    for t, y in sferics(rng, 2):
        pad = 420 - len(t)
        m = np.pad(np.ones(len(t), np.float32), (0, pad))
        params, l = fit(init, jnp.asarray(np.pad(t, (0, pad))), jnp.asarray(np.pad(y, (0, pad))), jnp.asarray(m))
        fits.append(params)
        losses.append(float(l))
    fits = jnp.stack(fits)
    print(f"storm {storm}: decay {float(jnp.exp(fits[:, 2]).mean()):.3f} us, mse {np.mean(losses):.2e}")
    summary.append(float(jnp.exp(fits).sum()) + sum(losses))
print(f"result: {sum(summary):.10e}")
