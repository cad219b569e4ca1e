# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Logs per-layer gradient norms every 200 steps, looping over the model's parameters but reading back a single stacked tensor."""

# Source: https://github.com/facebookresearch/ClassyVision/pull/531 (PR "All reduce losses when required, instead of every iteration": only synchronise statistics when they are needed)

import torch


def log_grad_norms(model, step, writer, every=200):
    if step % every != 0:
        return
    names, norms = [], []
    for name, p in model.named_parameters():  # loop over layers, not samples
        if p.grad is not None:
            names.append(name)
            norms.append(p.grad.detach().norm())
    values = torch.stack(norms).cpu().tolist()
    for name, v in zip(names, values):
        writer.add_scalar(f"grad_norm/{name}", v, step)
