# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Inference wrapper of an image-inpainting web service that runs the generator on each request."""

# Source: https://github.com/Sanster/IOPaint/pull/7 (PR "set eval mode during inference + don't store gradients": saves ~2 GB of GPU memory)

import numpy as np
import torch


class InpaintModel:
    def __init__(self, generator, device="cuda"):
        self.device = device
        self.model = generator.to(device)
        self.model.eval()

    def __call__(self, image: np.ndarray, mask: np.ndarray) -> np.ndarray:
        img = torch.from_numpy(image).permute(2, 0, 1).unsqueeze(0).float().div(255).to(self.device)
        msk = torch.from_numpy(mask).unsqueeze(0).unsqueeze(0).float().div(255).to(self.device)
        inpainted = self.model(img * (1 - msk), msk)  # expect: AB402
        result = inpainted[0].permute(1, 2, 0).clamp(0, 1).mul(255)
        return result.detach().cpu().numpy().astype(np.uint8)
