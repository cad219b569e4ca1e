# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""scikit-learn data (float64) handed to a training function that converts it for a float32 model."""

# Source: https://github.com/pytorch/pytorch/issues/15436 (make_classification + train_test_split +
# torch.from_numpy, then dtype errors in a logistic-regression module). Note: the float64 comes
# from scikit-learn, which returns float64 arrays.

import torch
from sklearn.datasets import make_classification
from sklearn.model_selection import train_test_split
from torch import nn


class LogisticRegression(nn.Module):
    def __init__(self, input_dim: int, output_dim: int):
        super().__init__()
        self.linear = nn.Linear(input_dim, output_dim)

    def forward(self, x):
        return self.linear(x)


def train(model, X_np, y_np, epochs: int = 20, batch_size: int = 100):
    X_t = torch.from_numpy(X_np)  # expect: AB401
    y_t = torch.from_numpy(y_np)
    criterion = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for i in range(0, len(X_t), batch_size):
            xb = X_t[i : i + batch_size].float()
            loss = criterion(model(xb), y_t[i : i + batch_size])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


X, y = make_classification(n_samples=60000, n_features=10, n_redundant=0, n_informative=2)
X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=42)
train(LogisticRegression(10, 2), X_train, y_train)
