# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Cluster centres moved to the device on every iteration."""

import torch


def assign(points: torch.Tensor, centers: torch.Tensor, device: str, iters: int):
    labels = None
    for _ in range(iters):
        d = torch.cdist(points.to(device), centers)  # expect: AB202
        labels = d.argmin(dim=1)
        centers = torch.stack([points[labels == k].mean(0) for k in range(centers.shape[0])])
    return labels
