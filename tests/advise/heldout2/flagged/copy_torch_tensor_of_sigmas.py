# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""An inpainting sampler that re-copies its sigma schedule with torch.tensor() at every step."""

# Source: https://github.com/scraed/LanPaint/issues/38 ("UserWarning: To copy construct from a
# tensor ... rather than torch.tensor(sourceTensor)" on torch.tensor(<sigmas tensor>, device=...)).
# Judgement call: torch.tensor(t) of a tensor is t.clone().detach(), a copy of unchanging data:
# AB203.

import torch


class InpaintSampler:
    def __init__(self, model, sigmas: torch.Tensor):
        self.model = model
        self.sigmas = sigmas

    @torch.no_grad()
    def __call__(self, x, mask, latent):
        for i in range(len(self.sigmas) - 1):
            sigmas = torch.tensor(self.sigmas, device=x.device)  # expect: AB203
            sigma, sigma_next = sigmas[i], sigmas[i + 1]
            denoised = self.model(x, sigma)
            x = x + (sigma_next - sigma) * (x - denoised) / sigma
            x = mask * x + (1 - mask) * (latent + sigma_next * torch.randn_like(x))
        return x
