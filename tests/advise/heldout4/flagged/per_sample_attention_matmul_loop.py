# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Scaled dot-product attention over a batch written with a Python loop over the batch dimension."""

# Source: https://ai.stackexchange.com/questions/40400/how-does-the-scaled-dot-products-dimensions-work-out-in-mult-head-attention (asker loops over the batch to compute Q K^T per example; answer: batched matmul over (B, T, C))

import math

import torch


def batched_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    B, T, C = q.shape
    out = torch.empty_like(v)
    for b in range(B):  # expect: AB106
        scores = q[b] @ k[b].transpose(0, 1) / math.sqrt(C)
        out[b] = torch.softmax(scores, dim=-1) @ v[b]
    return out


if __name__ == "__main__":
    q = k = v = torch.randn(64, 512, 64, device="cuda")
    print(batched_attention(q, k, v).shape)
