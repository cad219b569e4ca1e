# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Trains a JAX recommender whose frozen item-embedding table (a NumPy array) is put on the device inside the step loop."""

# Source: https://github.com/jax-ml/jax/issues/20209 (host-to-GPU transfers with jax.device_put are slow, a few GB/s)
# Source: https://github.com/QuantEcon/lecture-jax/issues/121 (when is jax.device_put needed; arrays should be put on the device before the work)

import jax
import jax.numpy as jnp
import numpy as np
import optax


@jax.jit
def train_step(params, opt_state, item_table, user_ids, item_ids, labels):
    def loss_fn(p):
        u = p["user_emb"][user_ids]
        v = item_table[item_ids] @ p["proj"]
        logits = jnp.sum(u * v, axis=-1)
        return optax.sigmoid_binary_cross_entropy(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optax.adam(1e-3).update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


def fit(params, item_table_np: np.ndarray, batches, num_steps=50_000):
    opt_state = optax.adam(1e-3).init(params)
    for step in range(num_steps):
        user_ids, item_ids, labels = next(batches)
        item_table = jax.device_put(item_table_np)  # expect: AB202
        params, opt_state, loss = train_step(params, opt_state, item_table, user_ids, item_ids, labels)
    return params
