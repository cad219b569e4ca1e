# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""model.eval() in a training function that also computes gradients."""

import torch


def step(model, xb, yb, opt):
    model.train()
    loss = torch.nn.functional.mse_loss(model(xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
    model.eval()
    return model(xb).detach()
