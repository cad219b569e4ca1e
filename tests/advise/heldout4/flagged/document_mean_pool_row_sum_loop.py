# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Mean-pools the token embeddings of a long document span by adding one row at a time."""

# Source: https://github.com/pytorch/pytorch/issues/114293 (accumulate(X0, start, end): result = X0[start]; for i in range(start+1, end): result += X0[i])

import torch


def accumulate(X0: torch.Tensor, start: int, end: int) -> torch.Tensor:
    result = X0[start].clone()
    for i in range(start + 1, end):  # expect: AB104
        result += X0[i]
    return result


def mean_pool(token_emb: torch.Tensor, start: int, end: int) -> torch.Tensor:
    return accumulate(token_emb, start, end) / (end - start)


if __name__ == "__main__":
    emb = torch.randn(65_536, 768)
    doc_vec = mean_pool(emb, 0, emb.shape[0])
    print(doc_vec.shape, doc_vec.norm())
