# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""(features, label) tuples turned into tensors one sample at a time inside enumerate."""

import torch


def to_batch(samples):
    xs, ys = [], []
    for k, (feat, label) in enumerate(samples):
        xs.append(torch.tensor(feat, dtype=torch.float32))  # expect: AB108
        ys.append(torch.tensor(label))  # expect: AB108
    return torch.stack(xs), torch.stack(ys)
