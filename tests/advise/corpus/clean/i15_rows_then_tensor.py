# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Rows gathered as Python lists, converted to one tensor after the loop."""

import torch


def read_points(path):
    rows = []
    with open(path) as f:
        for line in f:
            x, y, z = line.strip().split(",")
            rows.append([float(x), float(y), float(z)])
    return torch.tensor(rows)
