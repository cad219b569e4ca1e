# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Benchmarks a jitted batched forward-kinematics function, blocking on the result before stopping the clock."""

# Source: https://github.com/gbionics/jaxsim/pull/344 ("Use jax.block_until_ready in benchmarks" to
# measure the full computation and not only the asynchronous dispatch).

import time

import jax
import jax.numpy as jnp


@jax.jit
def forward_kinematics(joint_positions, link_lengths):
    angles = jnp.cumsum(joint_positions, axis=-1)
    x = jnp.sum(link_lengths * jnp.cos(angles), axis=-1)
    y = jnp.sum(link_lengths * jnp.sin(angles), axis=-1)
    return jnp.stack([x, y], axis=-1)


keys = jax.random.split(jax.random.PRNGKey(0), 10)
lengths = jnp.ones(7)
jax.block_until_ready(forward_kinematics(jax.random.normal(keys[0], (4096, 7)), lengths))
for key in keys[1:]:
    q = jax.random.normal(key, (4096, 7))
    start = time.perf_counter()
    out = jax.block_until_ready(forward_kinematics(q, lengths))
    print(f"{(time.perf_counter() - start) * 1e3:.3f} ms")
