# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A trajectory grown with jnp.concatenate."""

import jax.numpy as jnp


def rollout(step, state, n_steps: int):
    traj = jnp.zeros((0, 2))
    for _ in range(n_steps):
        state = step(state)
        traj = jnp.concatenate([traj, state[None]])  # expect: AB107
    return traj
