# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Graph edges from a dict of (u, v) -> weight, one tensor per edge."""

import torch


def edge_tensors(edge_weights):
    index, weight = [], []
    for (u, v), w in edge_weights.items():
        index.append(torch.tensor([u, v], dtype=torch.long))  # expect: AB108 (possible)
        weight.append(torch.tensor(w))  # expect: AB108 (possible)
    return torch.stack(index, dim=1), torch.stack(weight)
