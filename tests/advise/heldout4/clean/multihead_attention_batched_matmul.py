# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Multi-head self-attention over a batch using batched matmuls on (B, H, T, D) tensors."""

# Source: https://imhuay.gitbook.io/studies/notes/_archives/2022/05/attention (notes: reshape q/k/v to [B, H, T, D] and use matmul(q, k.transpose(-2, -1)) over the whole batch)

import math

import torch
import torch.nn as nn


class MultiHeadSelfAttention(nn.Module):
    def __init__(self, dim=512, heads=8):
        super().__init__()
        self.h, self.d = heads, dim // heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask=None):
        B, T, N = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, self.d).permute(2, 0, 3, 1, 4)
        logits = q @ k.transpose(-2, -1) / math.sqrt(self.d)
        if mask is not None:
            logits = logits + mask
        out = torch.softmax(logits, dim=-1) @ v
        return self.proj(out.transpose(1, 2).reshape(B, T, N))
