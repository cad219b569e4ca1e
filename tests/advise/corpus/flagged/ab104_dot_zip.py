# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A dot product of two tensors with zip."""

import torch

u = torch.randn(512)
v = torch.randn(512)
acc = 0.0
for a, b in zip(u, v):  # expect: AB104
    acc += a * b
