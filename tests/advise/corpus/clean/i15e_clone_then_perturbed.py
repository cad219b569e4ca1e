# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""A fresh copy of the features per sample, handed to a method that writes into it."""

import numpy as np
import torch


class Explainer:
    def __init__(self, num_samples=1000):
        self.num_samples = num_samples

    def _perturb(self, x, index):
        x[index] = x[index].mean(0)
        return x

    def explain(self, model, x):
        out = []
        for _ in range(self.num_samples):
            x_p = x.detach().clone()
            idx = np.random.randint(0, x.shape[0], size=5)
            x_p = self._perturb(x=x_p, index=idx)
            out.append(model(x_p))
        return torch.stack(out)
