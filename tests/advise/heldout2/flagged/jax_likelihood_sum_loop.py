# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A Gaussian negative log-likelihood summed point by point with JAX scalars, then differentiated."""

# Source: https://github.com/jax-ml/jax/issues/2515 ("_Likelihood(s, m, w): sum = 0; for _x in w:
# term = -log(...); sum += term").

import jax
import jax.numpy as jnp
import numpy as np


def neg_log_likelihood(s, m, w):
    total = 0.0
    for x in w:  # expect: AB104
        total += -jnp.log(1.0 / (s * jnp.sqrt(2.0 * jnp.pi)) * jnp.exp(-(((x - m) / s) ** 2) / 2.0))
    return total


sigma, mu = 5.0, 100.0
data = np.random.randn(100) * sigma + mu
grad_nll = jax.grad(neg_log_likelihood, argnums=(0, 1))
print(neg_log_likelihood(sigma, mu, data), grad_nll(sigma + 0.1, mu + 0.1, data))
