# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Extracts embeddings for a retrieval index by collecting each batch's output in a list and concatenating once."""

# Source: https://github.com/lotus-data/lotus/pull/16 (PR "Optimize speed and gpu usage for embed": torch.cat in the loop needs double memory; collect then concatenate)

import torch
import torch.nn.functional as F


@torch.no_grad()
def build_bank(encoder, loader, device="cuda"):
    encoder.eval()
    chunks = []
    for images, _ in loader:
        emb = encoder(images.to(device, non_blocking=True))
        chunks.append(F.normalize(emb, dim=1).cpu())
    return torch.cat(chunks, dim=0)
