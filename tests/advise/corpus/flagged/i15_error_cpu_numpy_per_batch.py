# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Mean absolute error accumulated in NumPy, batch by batch, from GPU outputs."""

import numpy as np
import torch


def evaluate(model, loader):
    total, n = 0.0, 0
    model.eval()
    with torch.no_grad():
        for x, y in loader:
            out = model(x.cuda())
            err = np.abs(out.detach().cpu().numpy() - y.numpy())  # expect: AB202
            total += err.sum()
            n += len(y)
    return total / n
