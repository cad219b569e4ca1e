# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Trains a style-based GAN generator and discriminator and prints both losses in a tqdm bar every step."""

# Source: https://github.com/rosinality/style-based-gan-pytorch/pull/50 (PR "Increase training speed": each .item() in the loop forces a CPU/GPU sync, call it less often)

import torch
import torch.nn.functional as F
from tqdm import tqdm


def train(generator, discriminator, loader, g_optim, d_optim, n_iter=200_000, code_size=512, device="cuda"):
    pbar = tqdm(range(n_iter))
    data_iter = iter(loader)
    for i in pbar:
        try:
            real_image = next(data_iter)
        except StopIteration:
            data_iter = iter(loader)
            real_image = next(data_iter)
        real_image = real_image.to(device, non_blocking=True)
        b = real_image.size(0)

        discriminator.zero_grad()
        real_pred = discriminator(real_image)
        fake_image = generator(torch.randn(b, code_size, device=device))
        fake_pred = discriminator(fake_image.detach())
        d_loss = F.softplus(-real_pred).mean() + F.softplus(fake_pred).mean()
        d_loss.backward()
        d_optim.step()

        generator.zero_grad()
        fake_image = generator(torch.randn(b, code_size, device=device))
        g_loss = F.softplus(-discriminator(fake_image)).mean()
        g_loss.backward()
        g_optim.step()

        pbar.set_description(f"Size: {real_image.shape[-1]}; G: {g_loss.item():.3f}; D: {d_loss.item():.3f}")  # expect: AB201
