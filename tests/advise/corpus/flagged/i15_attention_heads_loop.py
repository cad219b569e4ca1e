# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Multi-head attention computed one head at a time."""

import math

import torch
import torch.nn as nn


class SelfAttention(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.head_dim = dim // n_heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(B, T, self.n_heads, self.head_dim)
        k = k.view(B, T, self.n_heads, self.head_dim)
        v = v.view(B, T, self.n_heads, self.head_dim)
        heads = []
        for h in range(self.n_heads):  # expect: AB106 (possible)
            att = q[:, :, h] @ k[:, :, h].transpose(-2, -1) / math.sqrt(self.head_dim)
            att = att.softmax(dim=-1)
            heads.append(att @ v[:, :, h])
        return self.proj(torch.cat(heads, dim=-1))
