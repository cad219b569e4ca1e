# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Evaluation script that runs a hair-segmentation network over a test set and accumulates IoU."""

# Source: https://github.com/YBIGTA/pytorch-hair-segmentation/issues/28 (evaluate.py runs out of CUDA memory after ~30 images at logit = net(data))

import torch


def evaluate(net, test_loader, device="cuda"):
    net.to(device).eval()
    inter, union = 0.0, 0.0
    for i, (data, label) in enumerate(test_loader):
        print(f"[{i:3d}/{len(test_loader)}] processing image...")
        data, label = data.to(device), label.to(device)
        logit = net(data)  # expect: AB402
        pred = logit.argmax(dim=1)
        inter += ((pred == 1) & (label == 1)).sum()
        union += ((pred == 1) | (label == 1)).sum()
    return (inter / union).item()
