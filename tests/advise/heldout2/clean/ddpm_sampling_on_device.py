# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""A DDPM sampler with its schedule moved to the GPU once and timesteps created on the GPU."""

# Source: https://github.com/openai/improved-diffusion/issues/56 (the sampling loop over timesteps,
# "t = th.tensor([i] * shape[0], device=device)"); the final sample copied to the CPU once.

import torch


class Sampler:
    def __init__(self, model, betas: torch.Tensor, device="cuda"):
        self.model = model
        self.betas = betas.to(device)
        self.alphas_cumprod = torch.cumprod(1.0 - self.betas, dim=0)

    @torch.no_grad()
    def sample(self, shape, device="cuda"):
        img = torch.randn(shape, device=device)
        for i in reversed(range(len(self.betas))):
            t = torch.full((shape[0],), i, device=device, dtype=torch.long)
            eps = self.model(img, t)
            beta, alpha_bar = self.betas[i], self.alphas_cumprod[i]
            img = (img - beta / torch.sqrt(1 - alpha_bar) * eps) / torch.sqrt(1 - beta)
            if i > 0:
                img = img + torch.sqrt(beta) * torch.randn_like(img)
        return ((img + 1) * 127.5).clamp(0, 255).to(torch.uint8).cpu().numpy()
