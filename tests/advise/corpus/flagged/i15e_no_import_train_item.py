# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A training loop handed its model and loader (no torch import), logging loss.item() per batch."""


def train(model, loader, optimizer, loss_fn, device, log):
    model.train()
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device), y.to(device)
        loss = loss_fn(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        log(step, loss.item())  # expect: AB201
