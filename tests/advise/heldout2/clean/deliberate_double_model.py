# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""A logistic regression run entirely in float64 on purpose (model and data both double)."""

# Source: https://github.com/pytorch/pytorch/issues/15436 (make_classification data converted with
# torch.from_numpy(...).double(), the model expected to match); here the model is made double too.

import torch
from sklearn.datasets import make_classification
from torch import nn

X, y = make_classification(n_samples=2000, n_features=10, n_redundant=0, n_informative=2)
X_t = torch.from_numpy(X).double()
y_t = torch.from_numpy(y)

model = nn.Linear(10, 2).double()
opt = torch.optim.LBFGS(model.parameters(), max_iter=100)
criterion = nn.CrossEntropyLoss()


def closure():
    opt.zero_grad()
    loss = criterion(model(X_t), y_t)
    loss.backward()
    return loss


opt.step(closure)
