# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A module whose forward pass goes through NumPy, so every batch goes GPU -> CPU -> GPU."""

# Source: https://alpha.hashtagplus.com/hashtag/ingero ("A .cpu().numpy() call buried inside a
# forward pass was forcing a full CPU-GPU synchronization on every batch"). Judgement call: the
# loop is in train(), the copy in forward(); AB202 on the copy, where the rule reports calls.

import numpy as np
import torch
from torch import nn


class SpectralFeatures(nn.Module):
    def __init__(self, n_fft: int = 512):
        super().__init__()
        self.n_fft = n_fft
        self.proj = nn.Linear(n_fft // 2 + 1, 128)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        spec = np.abs(np.fft.rfft(wav.cpu().numpy(), n=self.n_fft))  # expect: AB202
        spec = torch.from_numpy(spec.astype(np.float32)).to(wav.device)
        return self.proj(torch.log1p(spec))


def train(model: nn.Module, loader, optimizer, device="cuda"):
    model.to(device)
    for wav, label in loader:
        wav, label = wav.to(device), label.to(device)
        loss = nn.functional.cross_entropy(model(wav), label)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
