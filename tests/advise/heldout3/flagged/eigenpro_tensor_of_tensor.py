# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""EigenPro kernel-machine helper that converts its inputs with torch.tensor even when they are already tensors."""

# Source: https://github.com/aradha/recursive_feature_machines/pull/10 (eigenpro.py:101 warns "To copy
# construct from a tensor ..." at tensor = torch.tensor(data, requires_grad=False, device=self.device)).

import torch


class KernelModel:
    def __init__(self, kernel_fn, centers, y_dim, device="cuda"):
        self.kernel_fn = kernel_fn
        self.device = device
        self.centers = self.tensor(centers)
        self.weight = torch.zeros(len(centers), y_dim, device=device)

    def tensor(self, data, dtype=None):
        tensor = torch.tensor(data, dtype=dtype, requires_grad=False, device=self.device)  # expect: AB203
        return tensor

    def forward(self, samples, batch_size=4096):
        preds = []
        for i in range(0, len(samples), batch_size):
            batch = self.tensor(samples[i:i + batch_size])
            preds.append(self.kernel_fn(batch, self.centers) @ self.weight)
        return torch.cat(preds)
