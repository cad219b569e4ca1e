# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Latent-diffusion training step that rescales cached latents with the VAE batch-norm statistics and logs the accumulated loss."""

# Source: https://github.com/Nerogar/OneTrainer/pull/1608 (PR "Avoid per-step CUDA syncs": vae.bn.running_mean/var moved to CUDA every step and accumulated_loss.item() every update step)

import torch
import torch.nn.functional as F


def scale_latents(latents, vae, device):
    bn = vae.bn
    stats = torch.stack([bn.running_mean, bn.running_var]).to(device)  # expect: AB202
    mean, var = stats.view(2, 1, -1, 1, 1)
    return (latents - mean) / torch.sqrt(var + bn.eps)


def train(unet, vae, scheduler, latent_loader, optimizer, device="cuda", grad_accum=4, epochs=10):
    vae.to("cpu")  # latents are cached, the VAE is offloaded to save memory
    for epoch in range(epochs):
        accumulated_loss = torch.zeros((), device=device)
        for step, (latents, text_emb) in enumerate(latent_loader):
            latents = scale_latents(latents.to(device), vae, device)
            noise = torch.randn_like(latents)
            t = torch.randint(0, scheduler.num_train_timesteps, (latents.shape[0],), device=device)
            noisy = scheduler.add_noise(latents, noise, t)
            loss = F.mse_loss(unet(noisy, t, text_emb.to(device)), noise) / grad_accum
            loss.backward()
            accumulated_loss += loss.detach()
            if (step + 1) % grad_accum == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
                print(f"epoch {epoch} step {step} loss {accumulated_loss.item():.5f}")  # expect: AB201
                accumulated_loss.zero_()
