# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Times a jitted JAX motion planner on a batch of random start/goal pairs."""

# Source: https://github.com/anindex/gtmp/issues/1 (issue "Inaccurate Timing Due to JAX Lazy Evaluation": add jax.block_until_ready(paths) after the planner call)

import time

import jax
import jax.numpy as jnp


def make_planner(cost_fn, num_points=64, num_iters=200, lr=0.05):
    @jax.jit
    def plan(keys, starts, goals):
        init = jnp.linspace(starts, goals, num_points, axis=1)
        init = init + 0.01 * jax.vmap(lambda k: jax.random.normal(k, init.shape[1:]))(keys)

        def body(_, traj):
            return traj - lr * jax.grad(lambda t: jnp.sum(jax.vmap(cost_fn)(t)))(traj)

        return jax.lax.fori_loop(0, num_iters, body, init)

    return plan


def run(cost_fn, num_dreams=20, dim=7):
    plan = make_planner(cost_fn)
    keys = jax.random.split(jax.random.PRNGKey(0), num_dreams)
    starts = jnp.zeros((num_dreams, dim))
    goals = jnp.ones((num_dreams, dim))
    tic = time.perf_counter()
    paths = plan(keys, starts, goals)
    print(f"planning time: {time.perf_counter() - tic:.3f}s")  # expect: AB301
    return paths
