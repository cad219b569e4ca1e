# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Scaled features from scikit-learn (float64) converted in the training function."""

import numpy as np
import torch
import torch.nn as nn
from sklearn.datasets import make_regression
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler


def train(X_train, y_train, epochs=200):
    X_t = torch.from_numpy(X_train)  # expect: AB401
    y_t = torch.from_numpy(y_train).unsqueeze(1)  # expect: AB401
    model = nn.Linear(X_t.shape[1], 1)
    opt = torch.optim.Adam(model.parameters())
    for _ in range(epochs):
        loss = nn.functional.mse_loss(model(X_t), y_t)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model


X, y = make_regression(n_samples=2000, n_features=8, noise=0.1)
X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.2)
scaler = StandardScaler()
X_tr = scaler.fit_transform(X_tr)
model = train(X_tr, y_tr)
