# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""DDPM noise-schedule helper whose schedule tensors live on the CPU and are moved to the batch's device every time a sample is noised."""

# Source: https://github.com/materialyzeai/matgl/pull/133 (PR: use register_buffer for non-trained tensors so calls to .to(device) inside the model are avoided)

import torch
import torch.nn.functional as F


class GaussianDiffusion:
    def __init__(self, timesteps=1000):
        betas = torch.linspace(1e-4, 0.02, timesteps)
        alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.sqrt_ac = alphas_cumprod.sqrt()
        self.sqrt_one_minus_ac = (1.0 - alphas_cumprod).sqrt()
        self.num_timesteps = timesteps

    def q_sample(self, x0, t, noise):
        coefs = torch.stack([self.sqrt_ac, self.sqrt_one_minus_ac]).to(x0.device)  # expect: AB202
        a, b = coefs[:, t].view(2, -1, 1, 1, 1)
        return a * x0 + b * noise

    def training_loss(self, model, x0):
        t = torch.randint(0, self.num_timesteps, (x0.shape[0],), device=x0.device)
        noise = torch.randn_like(x0)
        return F.mse_loss(model(self.q_sample(x0, t, noise), t), noise)


def train(model, diffusion, loader, optimizer, epochs=100, device="cuda"):
    for _ in range(epochs):
        for x0 in loader:
            loss = diffusion.training_loss(model, x0.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
