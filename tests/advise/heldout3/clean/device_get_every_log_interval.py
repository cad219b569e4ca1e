# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Seq2seq Flax training loop that fetches metrics to the host only every log_interval steps."""

# Source: https://github.com/borisdayma/dalle-mini/pull/9 ("log metrics more frequently": every
# log_interval steps the unreplicated train metrics are fetched with jax.device_get and logged).

import jax
import wandb
from flax.jax_utils import unreplicate
from tqdm import tqdm


def train_epoch(state, p_train_step, train_loader, steps_per_epoch, global_step, log_interval=500):
    train_metrics = []
    for step in tqdm(range(steps_per_epoch), desc="Training...", position=1, leave=False):
        global_step += 1
        batch = next(train_loader)
        state, train_metric = p_train_step(state, batch)
        train_metrics.append(train_metric)
        if global_step % log_interval == 0 and jax.process_index() == 0:
            for k, v in unreplicate(train_metric).items():
                wandb.log({f"train/{k}": jax.device_get(v)}, step=global_step)
    return state, train_metrics, global_step
