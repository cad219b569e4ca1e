# ruff: noqa
"""Batch scoring of a synthetic customer table with a feed-forward churn model; prints the mean
predicted churn probability."""
import numpy as np
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class ChurnNet(nn.Module):
    def __init__(self, d_in, width, depth):
        super().__init__()
        layers = [nn.Linear(d_in, width), nn.GELU()]
        for _ in range(depth - 1):
            layers += [nn.Linear(width, width), nn.GELU()]
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        return torch.sigmoid(self.head(self.body(x))).squeeze(-1)


def load_table(n, d, rng):
    X = rng.normal(size=(n, d))
    X[:, :4] = np.abs(X[:, :4]) * 100.0
    return X


def standardize(X):
    return (X - X.mean(axis=0)) / X.std(axis=0)


@torch.no_grad()
def score(model, X, batch):
    probs = []
    running = 0.0
    for start in range(0, len(X), batch):
        xb = torch.from_numpy(X[start : start + batch]).to(device)
        p = model(xb)
        probs.append(p)
        running += p.sum().item()
    return torch.cat(probs), running


torch.manual_seed(0)
rng = np.random.default_rng(0)
X = standardize(load_table(80_000, 48, rng))
model = ChurnNet(48, 384, 3).to(device).double()
model.eval()
probs, running = score(model, X, 8192)
print(f"mean churn probability {probs.mean().item():.6f}")
print(f"result: {float(probs.double().sum()) + running:.10e}")
