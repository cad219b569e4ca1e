# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Attention with heads as a batch dimension; the blocks run one after another."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        q = q.view(B, T, self.n_heads, -1).transpose(1, 2)
        k = k.view(B, T, self.n_heads, -1).transpose(1, 2)
        v = v.view(B, T, self.n_heads, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(B, T, C))


class Transformer(nn.Module):
    def __init__(self, dim, n_heads, depth):
        super().__init__()
        self.blocks = nn.ModuleList([Attention(dim, n_heads) for _ in range(depth)])

    def forward(self, x):
        for blk in self.blocks:
            x = x + blk(x)
        return x
