# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Synthetic linear-regression data converted from NumPy with an explicit cast to float32."""

# Source: https://github.com/OUCMachineLearning/OUCML/issues/24 (the fix: features =
# torch.from_numpy(np.random.normal(...)).to(torch.float32)).

import numpy as np
import torch

num_inputs = 2
num_examples = 1000
true_w = [2, -3.4]
true_b = 4.2
features = torch.from_numpy(np.random.normal(0, 1, (num_examples, num_inputs))).to(torch.float32)
labels = true_w[0] * features[:, 0] + true_w[1] * features[:, 1] + true_b
labels += torch.from_numpy(np.random.normal(0, 0.01, size=labels.size())).to(torch.float32)

net = torch.nn.Linear(num_inputs, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=0.03)
for epoch in range(3):
    for i in range(0, num_examples, 10):
        loss = torch.nn.functional.mse_loss(net(features[i:i + 10]).squeeze(-1), labels[i:i + 10])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
