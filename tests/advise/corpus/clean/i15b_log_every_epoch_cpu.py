# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Moving the epoch's mean loss to the CPU once per epoch, for the log."""

import torch


def train(model, loader, opt, loss_fn, epochs, device):
    for epoch in range(epochs):
        total = torch.zeros((), device=device)
        for xb, yb in loader:
            loss = loss_fn(model(xb.to(device)), yb.to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach()
        print(epoch, (total / len(loader)).cpu().item())
