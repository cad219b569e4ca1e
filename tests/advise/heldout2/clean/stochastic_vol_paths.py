# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Monte Carlo option pricing: a loop over time steps, vectorised over a million paths."""

# Source: https://github.com/QuantEcon/lecture-python-programming/pull/442 (compute_call_price_jax:
# "for t in range(n): ... s = s + mu + jnp.exp(h) * Z[0, :]; h = rho * h + nu * Z[1, :]"); run
# eagerly here, one vectorised update per time step.

import jax
import jax.numpy as jnp


def call_price(beta=0.96, mu=0.005, S0=10.0, h0=0.0, K=100.0, n=10, rho=0.1, nu=0.001, M=1_000_000):
    key = jax.random.PRNGKey(1)
    s = jnp.full(M, jnp.log(S0))
    h = jnp.full(M, h0)
    for t in range(n):
        key, subkey = jax.random.split(key)
        Z = jax.random.normal(subkey, (2, M))
        s = s + mu + jnp.exp(h) * Z[0, :]
        h = rho * h + nu * Z[1, :]
    return beta**n * jnp.mean(jnp.maximum(jnp.exp(s) - K, 0))
