# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Applying a linear layer to 10,000 vectors one at a time instead of as one batch."""

# Source: https://discuss.pytorch.org/t/batching-question/102632 ("for x in xs: y = layer(x)";
# "When I use the batched version, it's about 77 times faster").

import torch

layer = torch.nn.Linear(256, 256)
xs = torch.randn(10000, 256, requires_grad=False)

ys = []
for x in xs:  # expect: AB106
    ys.append(layer(x))
ys = torch.stack(ys)
