# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Combines two feature grids into a third by writing one tensor element at a time."""

# Source: https://github.com/pytorch/pytorch/issues/43116 (issue "Accessing tensor by element is super slow": manual_add with a[i, j] = b[i, j] + c[i, j] versus a = b + c)

import torch


def fuse_grids(density: torch.Tensor, occupancy: torch.Tensor, alpha: float = 0.5) -> torch.Tensor:
    n, m = density.shape
    fused = torch.zeros(n, m, device=density.device)
    for i in range(n):  # expect: AB101
        for j in range(m):
            fused[i, j] = alpha * density[i, j] + (1.0 - alpha) * occupancy[i, j]
    return fused


if __name__ == "__main__":
    grid_a = torch.rand(512, 512)
    grid_b = torch.rand(512, 512)
    print(fuse_grids(grid_a, grid_b).mean())
