# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Runs a linear layer over each sample of a batch separately and keeps the outputs in a list."""

# Source: https://www.codegenes.net/blog/batch-return-list-pytorch (batch return lists: process each
# tensor in the batch and return a list of results, with a list comprehension or a linear layer).

import torch
import torch.nn as nn

batch_size = 512
input_size = 300
output_size = 64
batch = torch.randn(batch_size, input_size)

linear_layer = nn.Linear(input_size, output_size)

result_list = [linear_layer(tensor) for tensor in batch]  # expect: AB106
print(len(result_list), result_list[0].shape)
