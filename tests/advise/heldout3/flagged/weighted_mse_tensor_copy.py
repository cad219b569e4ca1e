# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Weighted MSE for damage segmentation that re-wraps an existing tensor with torch.tensor on each call."""

# Source: https://github.com/pytorch/pytorch/issues/59800 (adding a weighted MSE triggers "To copy
# construct from a tensor ... use sourceTensor.clone().detach()" at value = torch.tensor(value, ...)).

import torch


def weighted_mse(y, pred, x, mask, weight=10, device="cuda"):
    x = torch.reshape(x[:, 0, :, :], (-1, 1, 600, 600))
    mask = torch.reshape(mask, (-1, 1, 600, 600))
    num_und_pix = torch.sum(x != 0)
    num_dam_pix = torch.sum(mask == 1)
    out_und = (((y - pred) ** 2) * x).sum() / num_und_pix
    out_dam = ((((y - pred) ** 2) * mask).sum() / num_dam_pix) * weight
    value = out_und + out_dam
    value = torch.tensor(value, device=device, dtype=torch.float)  # expect: AB203
    return value
