# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A k-nearest-neighbour graph whose edge list is built one small tensor per edge."""

# Source: https://github.com/ChaoyingYang/SuperGraph/issues/1 (edge_index built edge by edge in
# nested Python loops).

import numpy as np
import torch


def knn_edge_index(points: np.ndarray, k: int = 8) -> torch.Tensor:
    d2 = ((points[:, None, :] - points[None, :, :]) ** 2).sum(-1)
    nbrs = np.argsort(d2, axis=1)[:, 1 : k + 1]
    edges = []
    for i in range(len(points)):
        for j in nbrs[i]:
            edges.append(torch.tensor([i, j]))  # expect: AB108
    return torch.stack(edges, dim=1)
