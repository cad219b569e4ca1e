# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Model whose forward pass builds a padding mask in NumPy, so every batch goes to the host and back."""

# Source: https://alpha.hashtagplus.com/hashtag/ingero (a .cpu().numpy() call buried inside a forward
# pass forced a CPU-GPU synchronization on every batch of every loop iteration).

import numpy as np
import torch
import torch.nn as nn


class SeqEncoder(nn.Module):
    def __init__(self, dim=256):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.attn = nn.MultiheadAttention(dim, 8, batch_first=True)

    def forward(self, x):
        lengths = (x.abs().sum(-1) > 0).sum(1).cpu().numpy()  # expect: AB202
        pad = np.arange(x.shape[1])[None, :] >= lengths[:, None]
        key_padding_mask = torch.from_numpy(pad).to(x.device)
        h = self.proj(x)
        out, _ = self.attn(h, h, h, key_padding_mask=key_padding_mask)
        return out


def train(model, loader, optimizer, device):
    model.train()
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        loss = (model(x).mean(1) - y).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
