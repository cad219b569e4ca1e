# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Computes scikit-learn macro-F1 on each validation batch and averages the batch scores."""

# Source: https://duoke360.com/post/34492 (article: should batches be moved to the CPU and converted to numpy for metrics during training; per-batch GPU->CPU copies make PCIe the bottleneck)

import numpy as np
import torch
from sklearn.metrics import f1_score


def evaluate(model, loader, device="cuda"):
    model.eval()
    scores = []
    with torch.no_grad():
        for inputs, labels in loader:
            logits = model(inputs.to(device))
            preds = logits.argmax(dim=1).cpu().numpy()  # expect: AB202
            scores.append(f1_score(labels.numpy(), preds, average="macro"))
    return float(np.mean(scores))
