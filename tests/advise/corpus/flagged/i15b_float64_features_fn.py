# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Features computed with NumPy in one function, turned into tensors in another."""

import numpy as np
import torch
import torch.nn as nn


def featurize(signals):
    spectra = np.abs(np.fft.rfft(signals, axis=1))
    return np.log1p(spectra)


def predict(model, feats):
    with torch.no_grad():
        return model(torch.from_numpy(feats))  # expect: AB401


model = nn.Sequential(nn.Linear(129, 64), nn.ReLU(), nn.Linear(64, 10))
signals = np.random.randn(32, 256)
logits = predict(model, featurize(signals))
