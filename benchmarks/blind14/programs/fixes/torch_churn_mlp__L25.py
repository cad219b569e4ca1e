# ruff: noqa
"""Trains a small MLP in torch to predict customer churn from synthetic account features, with
minibatch Adam, checks the validation accuracy and log-loss after every epoch, and shows the
predictions for a few example customers at the end."""

import torch
from torch import nn

torch.set_num_threads(1)


def make_data(n, d, gen):
    x = torch.randn(n, d, generator=gen)
    w = torch.randn(d, generator=gen)
    logits = x @ w * 0.8 + 0.5 * torch.sin(3 * x[:, 0]) * x[:, 1]
    y = (torch.rand(n, generator=gen) < torch.sigmoid(logits)).long()
    return x, y


def evaluate(model, xv, yv):
    model.eval()
    correct = 0
    loss = 0.0
    with torch.no_grad():
        logits = model(xv)
        loss = float(nn.functional.cross_entropy(logits, yv, reduction="sum"))
        correct = int((logits.argmax(dim=1) == yv).sum())
    model.train()
    return correct / xv.shape[0], loss / xv.shape[0]


gen = torch.Generator().manual_seed(2)
torch.manual_seed(2)
d = 24
x, y = make_data(32_000, d, gen)
xt, yt, xv, yv = x[:20_000], y[:20_000], x[20_000:], y[20_000:]
model = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 2))
opt = torch.optim.Adam(model.parameters(), lr=2e-3)
checksum = 0.0
for epoch in range(3):
    perm = torch.randperm(xt.shape[0], generator=gen)
    for start in range(0, xt.shape[0], 256):
        idx = perm[start : start + 256]
        loss = nn.functional.cross_entropy(model(xt[idx]), yt[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    acc, val_loss = evaluate(model, xv, yv)
    checksum += acc + val_loss
    print(f"epoch {epoch}: validation accuracy {acc:.4f}, log-loss {val_loss:.4f}")
with torch.no_grad():
    for i in range(4):
        p = torch.softmax(model(xv[i : i + 1]), dim=1)[0, 1]
        print(f"customer {i}: churn probability {float(p):.3f}")
        checksum += float(p)
print(f"result: {checksum:.8e}")
