# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Linear regression from scratch whose synthetic features come from np.random.normal through torch.from_numpy."""

# Source: https://github.com/OUCMachineLearning/OUCML/issues/24 ("expected scalar type Double but found
# Float" with torch.mm in chapter 3.2.1; fixed by adding .to(torch.float32) after torch.from_numpy).

import numpy as np
import torch

num_inputs = 2
num_examples = 1000
true_w = [2, -3.4]
true_b = 4.2
features = torch.from_numpy(np.random.normal(0, 1, (num_examples, num_inputs)))  # expect: AB401
labels = true_w[0] * features[:, 0] + true_w[1] * features[:, 1] + true_b

w = torch.tensor(np.random.normal(0, 0.01, (num_inputs, 1)), dtype=torch.float32, requires_grad=True)
b = torch.zeros(1, dtype=torch.float32, requires_grad=True)


def linreg(X, w, b):
    return torch.mm(X, w) + b


lr = 0.03
for epoch in range(3):
    for i in range(0, num_examples, 10):
        X, y = features[i:i + 10], labels[i:i + 10]
        l = ((linreg(X, w, b) - y.view(-1, 1)) ** 2 / 2).sum()
        l.backward()
        with torch.no_grad():
            w -= lr * w.grad / 10
            b -= lr * b.grad / 10
            w.grad.zero_()
            b.grad.zero_()
