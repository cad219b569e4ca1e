# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A training loop that logs the loss every 100 steps only."""

import torch


def train(model, loader, opt, loss_fn, device, epochs: int):
    model.train()
    step = 0
    for epoch in range(epochs):
        for xb, yb in loader:
            xb, yb = xb.to(device), yb.to(device)
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
            if step % 100 == 0:
                print(f"epoch {epoch} step {step} loss {loss.item():.4f}")
            step += 1
