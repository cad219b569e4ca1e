# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""DDPM sampling: the timestep tensor is made on the CPU and copied to the GPU at every step."""

import torch


@torch.no_grad()
def p_sample_loop(model, shape, betas, device="cuda"):
    alphas = 1.0 - betas
    alphas_cumprod = torch.cumprod(alphas, dim=0)
    x = torch.randn(shape, device=device)
    for i in reversed(range(len(betas))):
        t = torch.full((shape[0],), i, dtype=torch.long).to(device)  # expect: AB202 (possible)
        eps = model(x, t)
        a, ab = alphas[i], alphas_cumprod[i]
        x = (x - (1 - a) / torch.sqrt(1 - ab) * eps) / torch.sqrt(a)
        if i > 0:
            x = x + torch.sqrt(betas[i]) * torch.randn_like(x)
    return x
