# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Simplified self-attention from scratch: scores for each query with one dot product per input."""

# Source: https://github.com/yangrchen/llm-from-scratch-notes ("for i, x_i in enumerate(inputs):
# attn_scores_2[i] = torch.dot(x_i, query)").

import torch

inputs = torch.tensor(
    [
        [0.43, 0.15, 0.89],
        [0.55, 0.87, 0.66],
        [0.57, 0.85, 0.64],
        [0.22, 0.58, 0.33],
        [0.77, 0.25, 0.10],
        [0.05, 0.80, 0.55],
    ]
)


def context_vectors(inputs: torch.Tensor) -> torch.Tensor:
    ctx = torch.zeros_like(inputs)
    for i, query in enumerate(inputs):
        scores = torch.empty(inputs.shape[0])
        for j, x_j in enumerate(inputs):  # expect: AB105
            scores[j] = torch.dot(x_j, query)
        ctx[i] = torch.softmax(scores, dim=0) @ inputs
    return ctx
