# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Freezes the base network of a detector for transfer learning by turning off requires_grad on its parameters."""

# Source: https://discuss.pytorch.org/t/model-freeze-explanation-transfer-learning/76284 (the GitHub
# code freeze_net_layers: for param in net.parameters(): param.requires_grad = False).

import torch
import torchvision


def freeze_net_layers(net):
    for param in net.parameters():
        param.requires_grad = False


model = torchvision.models.resnet18(weights="IMAGENET1K_V1")
freeze_net_layers(model)
model.fc = torch.nn.Linear(model.fc.in_features, 10)
optimizer = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.01)
