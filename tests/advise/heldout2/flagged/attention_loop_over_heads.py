# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Multi-head self-attention computed head by head and concatenated."""

# Source: https://github.com/eubinean/the-clean-transformer/issues/13 (heads computed in a loop and
# concatenated; answer: correct, but the loop prevents the heads from running in parallel) and
# https://www.vizuaranewsletter.com/p/if-you-have-96-attention-heads-will ("will you run 96 loops?").

import math

import torch
from torch import nn


class MultiHeadSelfAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int):
        super().__init__()
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out = nn.Linear(d_model, d_model)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=-1)
        q = q.view(B, T, self.n_heads, self.d_head)
        k = k.view(B, T, self.n_heads, self.d_head)
        v = v.view(B, T, self.n_heads, self.d_head)
        heads = []
        for h in range(self.n_heads):  # expect: AB106
            att = q[:, :, h] @ k[:, :, h].transpose(1, 2) / math.sqrt(self.d_head)
            heads.append(torch.softmax(att, dim=-1) @ v[:, :, h])
        return self.out(torch.cat(heads, dim=-1))
