# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Filling a density matrix pair by pair with .at[].set, one scatter per pair."""

# Source: https://github.com/jax-ml/jax/issues/18420 (the loop "Rho = Rho.at[ip[k], jp[k]].set(pf[k])"
# against "Rho.at[ip, jp].set(pf)"). Written here without jit, as first tried; eagerly, each
# iteration dispatches one op and copies the matrix.

import jax
import jax.numpy as jnp
import numpy as np

npart = 50
pairs = [(i, j) for i in range(npart) for j in range(npart) if i != j]
ip = np.array([p[0] for p in pairs])
jp = np.array([p[1] for p in pairs])


def fill_density(pf: jax.Array) -> jax.Array:
    rho = jnp.zeros((npart + 1, npart + 1), dtype=jnp.complex64)
    for k in range(len(pf)):  # expect: AB101
        rho = rho.at[ip[k], jp[k]].set(pf[k])
    return rho


rho = fill_density(jax.random.normal(jax.random.PRNGKey(17), (len(pairs),)))
