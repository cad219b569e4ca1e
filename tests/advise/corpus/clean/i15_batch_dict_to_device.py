# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A Hugging Face style loop: each batch (a dict of tensors) moved to the device once."""

import torch


def train_epoch(model, loader, optimizer, device):
    model.train()
    for batch in loader:
        batch = {k: v.to(device) for k, v in batch.items()}
        out = model(**batch)
        out.loss.backward()
        optimizer.step()
        optimizer.zero_grad()
