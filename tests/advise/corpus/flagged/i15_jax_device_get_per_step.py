# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A JAX training loop that pulls the loss back to the host at every step."""

import jax
import jax.numpy as jnp
import optax


def train(params, batches, loss_fn, lr=1e-3):
    opt = optax.adam(lr)
    state = opt.init(params)

    @jax.jit
    def step(params, state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        updates, state = opt.update(grads, state)
        return optax.apply_updates(params, updates), state, loss

    history = []
    for x, y in batches:
        params, state, loss = step(params, state, x, y)
        history.append(jax.device_get(loss))  # expect: AB202
    return params, history
