# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Batches of Python lists from a reader, converted once each."""

import torch


def batches_to_tensors(reader):
    for batch in reader:
        yield torch.tensor(batch, dtype=torch.float32)
