# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Each batch moved to the device once: it is new data every iteration."""

import torch


def train_epoch(model, loader, opt, device):
    for xb, yb in loader:
        xb = xb.to(device, non_blocking=True)
        yb = yb.to(device, non_blocking=True)
        loss = torch.nn.functional.cross_entropy(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
