# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Collects predicted and true labels over a validation set as Python lists and reports the accuracy."""

# Source: https://yunpan.plus/t/6118-1-1 (forum post: per-batch correct count via argmax(dim=1) and .sum().item() when moving predictions to the CPU)

import torch


@torch.no_grad()
def validate(model, val_loader, device="cuda"):
    model.eval()
    all_preds, all_labels = [], []
    for images, labels in val_loader:
        images = images.to(device, non_blocking=True)
        logits = model(images)
        all_preds.extend(logits.argmax(dim=1).tolist())  # expect: AB201
        all_labels.extend(labels.tolist())
    correct = sum(int(p == t) for p, t in zip(all_preds, all_labels))
    return correct / len(all_labels), all_preds
