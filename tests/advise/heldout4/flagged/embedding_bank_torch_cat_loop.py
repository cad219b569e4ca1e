# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Extracts image embeddings for a retrieval index, concatenating each batch onto the growing bank."""

# Source: https://github.com/DeepLabCut/DeepLabCut/pull/3099 (PR: list accumulation instead of incremental torch.cat, which was O(n^2) in the number of batches)
# Source: https://github.com/ulissigroup/amptorch/issues/12 (issue "torch.cat() bottleneck": each call allocates a new tensor and copies both inputs)

import torch


@torch.no_grad()
def build_bank(encoder, loader, device="cuda"):
    encoder.eval()
    bank = torch.empty(0, 512, device=device)
    for images, _ in loader:
        emb = encoder(images.to(device, non_blocking=True))
        emb = torch.nn.functional.normalize(emb, dim=1)
        bank = torch.cat([bank, emb], dim=0)  # expect: AB107
    return bank
