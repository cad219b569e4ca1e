# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""DDPM sampling with everything on the device: schedule moved once, timesteps made there."""

import torch


@torch.no_grad()
def sample(model, shape, betas, device="cuda"):
    betas = betas.to(device)
    alphas = 1.0 - betas
    alphas_cumprod = torch.cumprod(alphas, dim=0)
    x = torch.randn(shape, device=device)
    for i in reversed(range(len(betas))):
        t = torch.full((shape[0],), i, device=device, dtype=torch.long)
        eps = model(x, t)
        x = (x - (1 - alphas[i]) / torch.sqrt(1 - alphas_cumprod[i]) * eps) / torch.sqrt(alphas[i])
        if i > 0:
            x = x + torch.sqrt(betas[i]) * torch.randn_like(x)
    return x.cpu()
