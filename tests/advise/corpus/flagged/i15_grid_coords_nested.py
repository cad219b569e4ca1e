# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Coordinates of a grid made one tiny tensor at a time in nested loops, then stacked."""

import torch


def grid_points(height, width, scale=1.0):
    points = []
    for i in range(height):
        for j in range(width):
            points.append(torch.tensor([i * scale, j * scale]))  # expect: AB108
    return torch.stack(points)
