# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Keeps a whole small dataset on the GPU, moved once before training, and slices batches from it there."""

# Source: https://discuss.pytorch.org/t/is-there-anyway-to-load-data-into-gpu-directly/147718 (reply:
# save the data on the GPU in advance and load batches from there instead of moving each batch).

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
data = torch.load("cifar10_train.pt")
images = data["images"].float().div_(255).to(device)
labels = data["labels"].long().to(device)

model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 32 * 32, 512), nn.ReLU(), nn.Linear(512, 10)).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
batchsize = 64

for epoch in range(10):
    perm = torch.randperm(images.shape[0], device=device)
    for i in range(0, images.shape[0], batchsize):
        idx = perm[i:i + batchsize]
        loss = nn.functional.cross_entropy(model(images[idx]), labels[idx])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
