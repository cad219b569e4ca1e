# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A CSV read line by line, each row a tensor of its own."""

import torch


def read_points(path):
    rows = []
    with open(path) as f:
        next(f)
        for line in f:
            x, y, z = line.strip().split(",")
            rows.append(torch.tensor([float(x), float(y), float(z)]))  # expect: AB108
    return torch.stack(rows)
