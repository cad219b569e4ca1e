# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Masked trajectory-regression loss for a motion-planning model, with per-coordinate weights built on the host in the loss helper."""

# Source: https://github.com/woven-by-toyota/l5kit/issues/305 (user builds the target weights with torch.tensor([1.0, 1.0]).cuda() in the loss at each step instead of a registered buffer)

import torch
from torch import nn


def masked_mse(pred_traj, target_traj, target_avail):
    coord_weights = torch.ones(2).cuda()  # expect: AB202
    weights = (target_avail.unsqueeze(-1) * coord_weights).view(target_traj.size(0), -1)
    err = (pred_traj - target_traj).view(target_traj.size(0), -1) ** 2
    return (err * weights).sum() / weights.sum().clamp(min=1.0)


def train(model, loader, optimizer, steps=100_000):
    model.train()
    it = iter(loader)
    for step in range(steps):
        try:
            batch = next(it)
        except StopIteration:
            it = iter(loader)
            batch = next(it)
        image = batch["image"].cuda(non_blocking=True)
        target = batch["target_positions"].cuda(non_blocking=True)
        avail = batch["target_availabilities"].cuda(non_blocking=True)
        pred = model(image).view_as(target)
        loss = masked_mse(pred, target, avail)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
