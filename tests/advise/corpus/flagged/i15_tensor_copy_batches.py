# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Every batch from the DataLoader copied again with torch.tensor before use."""

import torch
from torch.utils.data import DataLoader


def train(model, dataset, opt, loss_fn):
    for xb, yb in DataLoader(dataset, batch_size=128, shuffle=True):
        xb = torch.tensor(xb).float()  # expect: AB203
        yb = torch.tensor(yb)  # expect: AB203
        loss = loss_fn(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
