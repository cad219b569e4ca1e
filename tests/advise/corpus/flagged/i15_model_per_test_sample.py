# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Predictions one test sample at a time, on data returned by a loading function."""

import numpy as np
import torch


def load_split(path):
    data = np.load(path)
    return torch.from_numpy(data["x"]).float(), torch.from_numpy(data["y"])


def accuracy(model, path):
    X_test, y_test = load_split(path)
    model.eval()
    with torch.no_grad():
        preds = [model(X_test[i].unsqueeze(0)) for i in range(len(X_test))]  # expect: AB106
    preds = [p.argmax(1) for p in preds]
    return (torch.cat(preds) == y_test).float().mean()
