# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Flax/optax language-model training loop that fetches the metrics dict to the host after every step."""

# Source: https://github.com/jax-ml/jax/pull/31071 (training cookbook docs: the loop relies on asynchronous dispatch; request device-to-host transfers sparingly)

import jax
import jax.numpy as jnp
import optax


def make_train_step(model, tx):
    @jax.jit
    def train_step(state, batch):
        params, opt_state = state

        def loss_fn(p):
            logits = model.apply(p, batch["input_ids"])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits[:, :-1], batch["input_ids"][:, 1:])
            return loss.mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        metrics = {"loss": loss, "grad_norm": optax.global_norm(grads)}
        return (optax.apply_updates(params, updates), opt_state), metrics

    return train_step


def train(model, params, data_iter, num_steps=100_000, lr=3e-4):
    tx = optax.adamw(lr)
    state = (params, tx.init(params))
    train_step = make_train_step(model, tx)
    history = []
    for step in range(num_steps):
        state, metrics = train_step(state, next(data_iter))
        history.append(jax.device_get(metrics))  # expect: AB202
    return state, history
