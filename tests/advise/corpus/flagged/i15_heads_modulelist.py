# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Attention heads as separate modules, each run on the same input."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Head(nn.Module):
    def __init__(self, n_embd, head_size):
        super().__init__()
        self.key = nn.Linear(n_embd, head_size, bias=False)
        self.query = nn.Linear(n_embd, head_size, bias=False)
        self.value = nn.Linear(n_embd, head_size, bias=False)

    def forward(self, x):
        k, q = self.key(x), self.query(x)
        wei = F.softmax(q @ k.transpose(-2, -1) * k.shape[-1] ** -0.5, dim=-1)
        return wei @ self.value(x)


class MultiHeadAttention(nn.Module):
    def __init__(self, n_embd, num_heads):
        super().__init__()
        self.heads = nn.ModuleList([Head(n_embd, n_embd // num_heads) for _ in range(num_heads)])
        self.proj = nn.Linear(n_embd, n_embd)

    def forward(self, x):
        out = torch.cat([h(x) for h in self.heads], dim=-1)  # expect: AB106 (possible)
        return self.proj(out)
