# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A DDPM sampler whose noise schedule lives on the CPU and is copied over at every step."""

# Source: https://github.com/openai/improved-diffusion/issues/56 (the p_sample_loop sampling loop
# over timesteps); the schedule buffers are kept as CPU tensors here, as many re-implementations do.

import torch


class Sampler:
    def __init__(self, model, betas: torch.Tensor):
        self.model = model
        self.betas = betas
        self.alphas = 1.0 - betas
        self.alphas_cumprod = torch.cumprod(self.alphas, dim=0)

    @torch.no_grad()
    def sample(self, shape, device="cuda"):
        img = torch.randn(shape, device=device)
        for i in reversed(range(len(self.betas))):
            t = torch.full((shape[0],), i, device=device, dtype=torch.long)
            eps = self.model(img, t)
            alpha_bar = self.alphas_cumprod.to(device)[i]  # expect: AB202
            beta = self.betas[i]
            img = (img - beta / torch.sqrt(1 - alpha_bar) * eps) / torch.sqrt(1 - beta)
            if i > 0:
                img = img + torch.sqrt(beta) * torch.randn_like(img)
        return img
