# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Scores a batch of random feature vectors made with np.random.rand with a small torch MLP."""

# Source: https://yuhi-sa.github.io/en/posts/20210215_pytorch_dtype/1 (a NumPy array converted with
# torch.tensor keeps dtype=torch.float64; cast to float32 before creating the tensor).

import numpy as np
import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 1))

x = np.random.rand(128, 5)
torch_x = torch.tensor(x)  # expect: AB401
print(torch_x.dtype)
with torch.no_grad():
    scores = net(torch_x)
print(scores.shape)
