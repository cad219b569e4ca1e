# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Training loop for a video tokenizer that logs the wall time of every jitted train step."""

# Source: https://github.com/p-doom/jasmine/pull/47 ("revert: incorrect step time measurement": the
# per-step time was incorrect due to JAX's async dispatch).

import time

import jax


def train(train_step, state, dataloader, num_steps, log):
    step = 0
    for videos in dataloader:
        rng = jax.random.PRNGKey(step)
        start_time = time.time()
        state, loss, metrics = train_step(state, videos, rng)
        elapsed_time = (time.time() - start_time) * 1000  # expect: AB301
        log({"step_time_ms": elapsed_time, "step": step})
        step += 1
        if step >= num_steps:
            break
    return state
