# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A Gaussian window filled element by element with .at[i].set in eager JAX."""

# Source: https://github.com/jax-ml/jax/issues/16587 ("jax.numpy.ndarray.at[].set() much slower
# than numpy"): outside jit every .at[].set() returns a new array.

import jax
import jax.numpy as jnp


def gaussian_window(x: jax.Array, sigma: float) -> jax.Array:
    out = jnp.zeros_like(x)
    for i in range(x.shape[0]):  # expect: AB103
        out = out.at[i].set(jnp.exp(-0.5 * (x[i] / sigma) ** 2))
    return out


w = gaussian_window(jnp.linspace(-3.0, 3.0, 2048), 0.7)
