# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A sampler that moves its noise schedule to the sample's device at every step."""

import torch
import torch.nn as nn


class Sampler(nn.Module):
    def __init__(self, model, timesteps=1000):
        super().__init__()
        self.model = model
        self.betas = torch.linspace(1e-4, 0.02, timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - self.betas, dim=0)

    @torch.no_grad()
    def forward(self, x):
        for t in reversed(range(len(self.betas))):
            ab = self.alphas_cumprod.to(x.device)[t]  # expect: AB202 (possible)
            eps = self.model(x, t)
            x = (x - (1 - ab).sqrt() * eps) / ab.sqrt()
        return x
