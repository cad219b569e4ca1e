# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A training loop that reads the loss on every step."""

import torch


def train(model, loader, opt, loss_fn, device):
    running = 0.0
    for xb, yb in loader:
        xb, yb = xb.to(device), yb.to(device)
        opt.zero_grad()
        loss = loss_fn(model(xb), yb)
        loss.backward()
        opt.step()
        running += loss.item()  # expect: AB201
    return running
