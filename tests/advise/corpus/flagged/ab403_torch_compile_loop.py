# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""torch.compile of the same model at the start of every epoch: the compile cache hits (the
same module), each epoch pays a new wrapper; a cost only over many epochs, so possible."""

import torch


def fit(model, loader, opt, epochs: int):
    for epoch in range(epochs):
        compiled = torch.compile(model)  # expect: AB403 (possible)
        for xb, yb in loader:
            loss = torch.nn.functional.mse_loss(compiled(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
