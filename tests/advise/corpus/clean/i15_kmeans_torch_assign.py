# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""k-means on the GPU: the update step loops over clusters with a mask for each."""

import torch


def update_centroids(x: torch.Tensor, assign: torch.Tensor, n_clusters: int) -> torch.Tensor:
    centroids = torch.empty(n_clusters, x.shape[1], device=x.device)
    for j in range(n_clusters):
        mask = assign == j
        centroids[j] = x[mask].mean(dim=0) if mask.any() else x[torch.randint(len(x), (1,))][0]
    return centroids
