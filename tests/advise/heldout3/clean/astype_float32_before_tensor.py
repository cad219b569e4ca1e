# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Casts a NumPy feature array to float32 before creating the torch tensor that goes into the model."""

# Source: https://yuhi-sa.github.io/en/posts/20210215_pytorch_dtype/1 (to control the dtype, convert the
# NumPy array to float32 before creating the PyTorch tensor).

import numpy as np
import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))

x = np.random.rand(128, 5)
torch_x = torch.tensor(x.astype(np.float32))
with torch.no_grad():
    scores = net(torch_x)
print(torch_x.dtype, scores.shape)
