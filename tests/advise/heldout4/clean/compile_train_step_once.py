# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Compiles the whole training step once with torch.compile and calls it for every batch."""

# Source: https://docs.pytorch.org/docs/main/compile/programming_model.where_to_apply_compile.html (docs: apply torch.compile to the train step without the loop, or call model.compile() once)

import torch
import torch.nn as nn


def make_train_step(model, opt):
    loss_fn = nn.CrossEntropyLoss()

    @torch.compile
    def train_step(x, y):
        opt.zero_grad(set_to_none=True)
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        return loss.detach()

    return train_step


def train(model, loader, epochs=5, device="cuda"):
    model = model.to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    train_step = make_train_step(model, opt)
    for epoch in range(epochs):
        for x, y in loader:
            loss = train_step(x.to(device), y.to(device))
        print(epoch, loss.item())
