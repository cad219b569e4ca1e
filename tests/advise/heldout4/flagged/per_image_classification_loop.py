# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Classifies a stack of preprocessed images with a ResNet by calling the model once per image."""

# Source: https://adhdecode-articles-3.pages.dev/articles/pytorch/pytorch-inference-batching-throughput-optimization/ (article: model(img_tensor.unsqueeze(0)) per image versus one forward pass on torch.stack(images))

import torch
import torchvision


def classify(images: torch.Tensor, device="cuda"):
    model = torchvision.models.resnet18(weights="IMAGENET1K_V1").to(device).eval()
    images = images.to(device)  # (N, 3, 224, 224), already normalised
    preds = []
    with torch.inference_mode():
        for img_tensor in images:  # expect: AB106
            logits = model(img_tensor.unsqueeze(0))
            preds.append(logits.argmax(dim=1))
    return torch.cat(preds).cpu()
