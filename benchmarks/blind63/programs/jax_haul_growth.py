# ruff: noqa
"""Von Bertalanffy growth fits for a trawl survey: every haul's aged fish (length at age) are
simulated, a growth curve (L_inf, k, t0) is fitted to each haul by gradient descent on the
squared error, and the spread of the asymptotic length across hauls is reported."""
import jax
import jax.numpy as jnp
import numpy as np

N_HAULS = 22


def vb_length(params, age):
    linf, k, t0 = params
    return linf * (1.0 - jnp.exp(-k * (age - t0)))


@jax.jit
def loss_and_grad(params, age, length):
    def loss(p):
        return jnp.mean((vb_length(p, age) - length) ** 2)
    return jax.value_and_grad(loss)(params)


def fit_haul(age, length, steps=40, lr=3e-3):
    params = jnp.array([60.0, 0.3, -0.5])
    scale = jnp.array([50.0, 0.01, 0.1])
    for _ in range(steps):
        value, g = loss_and_grad(params, age, length)
        params = params - lr * scale * g
    return params, value


def survey(rng):
    for h in range(N_HAULS):
        n_fish = int(rng.integers(40, 400))
        age = rng.uniform(0.5, 12.0, n_fish).astype(np.float32)
        linf = rng.normal(72.0, 4.0)
        length = linf * (1 - np.exp(-0.25 * (age + 0.4))) + rng.normal(0, 2.0, n_fish)
        yield h, jnp.asarray(age), jnp.asarray(length.astype(np.float32))


rng = np.random.default_rng(8)
fits = []
final_losses = []
for h, age, length in survey(rng):
    params, value = fit_haul(age, length)
    fits.append(params)
    final_losses.append(float(value))
fits = jnp.stack(fits)
print(f"L_inf {float(fits[:, 0].mean()):.2f} +- {float(fits[:, 0].std()):.2f}, k {float(fits[:, 1].mean()):.4f}")
print(f"result: {float(fits.sum()) + sum(final_losses):.10e}")
