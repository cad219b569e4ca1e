# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""A training loop handed its model (no torch import) that reads the loss every 100 steps."""


def train(model, loader, optimizer, loss_fn, log):
    for step, (x, y) in enumerate(loader):
        loss = loss_fn(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % 100 == 0:
            log(step, loss.item())
