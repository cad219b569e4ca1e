# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Evaluation helper that puts the model in eval mode and runs all forward passes under torch.inference_mode."""

# Source: https://openillumi.com/en/en-pytorch-inference-mode-no-grad-eval (article: use model.eval() together with torch.inference_mode() for evaluation)

import torch


def predict(model, loader, device="cuda"):
    model.eval()
    outputs = []
    with torch.inference_mode():
        for images, _ in loader:
            logits = model(images.to(device, non_blocking=True))
            outputs.append(logits.softmax(dim=1).cpu())
    return torch.cat(outputs)


def top1_accuracy(model, loader, device="cuda"):
    probs = predict(model, loader, device)
    labels = torch.cat([y for _, y in loader])
    return (probs.argmax(dim=1) == labels).float().mean().item()
