# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Walking packed sequences with int() of tensor entries."""

import torch


def split_sequences(data: torch.Tensor, lengths: torch.Tensor):
    pieces = []
    pos = 0
    k = 0
    while k < lengths.shape[0]:
        n = int(lengths[k])  # expect: AB201 (possible)
        pieces.append(data[pos : pos + n])
        pos += n
        k += 1
    return pieces
