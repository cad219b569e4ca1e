# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""A helper that reads metrics on the host, called once per epoch (a few times)."""

import torch


def summarize(losses):
    stacked = torch.stack(losses)
    return stacked.mean().item(), stacked.max().cpu().tolist()


def fit(model, loader, opt, epochs):
    for epoch in range(epochs):
        losses = []
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(model(x.cuda()), y.cuda())
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.detach())
        print(summarize(losses))
