# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Computes attention scores of one query token against every token of a long context with a dot product per token."""

# Source: https://github.com/olivermaerz/build_a_llm_from_scratch (notebook: for i, x_i in enumerate(inputs): attn_scores_2[i] = torch.dot(x_i, query))

import torch


def attend_one_query(inputs: torch.Tensor, query_idx: int) -> torch.Tensor:
    query = inputs[query_idx]
    attn_scores = torch.empty(inputs.shape[0], device=inputs.device)
    for i, x_i in enumerate(inputs):  # expect: AB105
        attn_scores[i] = torch.dot(x_i, query)
    attn_weights = torch.softmax(attn_scores / inputs.shape[1] ** 0.5, dim=0)
    return attn_weights @ inputs


if __name__ == "__main__":
    context = torch.randn(8192, 1024)
    print(attend_one_query(context, 1).shape)
