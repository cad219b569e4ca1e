# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""torch.compile called at the start of every epoch."""

import torch


def fit(model, loader, opt, epochs: int):
    for epoch in range(epochs):
        compiled = torch.compile(model)  # expect: AB403
        for xb, yb in loader:
            loss = torch.nn.functional.mse_loss(compiled(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
