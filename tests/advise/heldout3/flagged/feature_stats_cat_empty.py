# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Collects every feature batch from a DataLoader into one tensor with torch.cat to compute normalization stats."""

# Source: https://openillumi.com/?p=84273 (initialize an empty tensor with torch.empty((0, Dims)) for
# torch.cat; storing tensors in a list and concatenating once is over 10x faster).

import torch
from torch.utils.data import DataLoader, TensorDataset

FEATURE_DIM = 128
dataset = TensorDataset(torch.randn(50_000, FEATURE_DIM))
loader = DataLoader(dataset, batch_size=256)

all_data_tensor = torch.empty((0, FEATURE_DIM), dtype=torch.float32)
for (batch,) in loader:
    all_data_tensor = torch.cat((all_data_tensor, batch), dim=0)  # expect: AB107

mean = all_data_tensor.mean(dim=0)
std = all_data_tensor.std(dim=0)
