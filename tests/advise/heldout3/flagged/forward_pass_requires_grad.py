# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Defines a two-layer network and runs it on an input batch to get predictions."""

# Source: https://theneuralbase.com/pytorch/learn/beginner/model-x-running-a-forward-pass/ (calling
# model(x) runs the forward pass; in eval() mode without torch.no_grad() gradients are still tracked).

import torch
import torch.nn as nn


class SimpleNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(10, 5)
        self.fc2 = nn.Linear(5, 2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


model = SimpleNet()
model.load_state_dict(torch.load("simplenet.pt"))
model.eval()
input_tensor = torch.randn(4096, 10)
output = model(input_tensor)  # expect: AB402
print(f"Output shape: {output.shape}, requires_grad={output.requires_grad}")
