# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Inpainting sampler node that rebuilds the model sigma schedule with torch.tensor of an existing tensor on every call."""

# Source: https://github.com/scraed/LanPaint/issues/38 (nodes.py:78 warns "To copy construct from a
# tensor ..." at torch.tensor(self.inner_model.model_patcher.get_model_object(...).sigmas, ...)).

import torch


class LanPaintSampler:
    def __init__(self, inner_model):
        self.inner_model = inner_model

    def __call__(self, x, sigma, sigmas, latent_mask):
        model_sampling = self.inner_model.model_patcher.get_model_object("model_sampling")
        self.model_sigmas = torch.cat((
            torch.tensor([0.0], device=sigmas.device),
            torch.tensor(model_sampling.sigmas, device=sigmas.device),  # expect: AB203
        ))
        idx = torch.searchsorted(self.model_sigmas, sigma.reshape(-1))
        denoised = self.inner_model(x, sigma)
        return latent_mask * denoised + (1 - latent_mask) * x, idx
