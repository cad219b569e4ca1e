# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Time-series classifier fed windows sliced from a float64 NumPy array of sensor readings."""

# Source: https://github.com/timeseriesAI/tsai/issues/468 ("Input type (torch.cuda.DoubleTensor) and
# weight type (torch.cuda.FloatTensor) should be the same": X was float64, the model weights float32).

import numpy as np
import torch
import torch.nn as nn

device = "cuda"
X = np.load("X_train.npy")  # (n_samples, n_vars, seq_len), saved as float64
y = np.load("y_train.npy")

model = nn.Sequential(
    nn.Conv1d(X.shape[1], 64, kernel_size=7, padding=3), nn.ReLU(),
    nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(64, int(y.max()) + 1),
).to(device)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)

bs = 64
for i in range(0, len(X), bs):
    xb = torch.tensor(X[i:i + bs]).to(device)  # expect: AB401
    yb = torch.tensor(y[i:i + bs]).long().to(device)
    loss = nn.functional.cross_entropy(model(xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
