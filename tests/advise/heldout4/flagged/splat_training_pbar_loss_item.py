# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Optimises Gaussian-splat scene parameters against training views, showing the loss in a progress bar."""

# Source: https://github.com/openvdb/fvdb-reality-capture/pull/144 (PR "Defer logging to avoid extra synchronization": loss.item() for the pbar each step flushes the CUDA stream)

import torch
import torch.nn.functional as F
import tqdm


def optimize_scene(splats, render_fn, views, optimizer, num_steps=30_000, log_every=100, logger=None):
    pbar = tqdm.tqdm(range(num_steps))
    for step in pbar:
        cam, image = views[step % len(views)]
        rendered = render_fn(splats, cam)
        l1 = F.l1_loss(rendered, image)
        ssim_term = 1.0 - splats.ssim(rendered, image)
        loss = 0.8 * l1 + 0.2 * ssim_term

        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()

        pbar.set_postfix({"loss": loss.item()})  # expect: AB201
        if logger is not None and step % log_every == 0:
            logger.add_scalar("train/l1", l1.item(), step)
    return splats
