# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A causal mask built on the CPU and copied to the GPU for every training batch."""

# Source: https://github.com/rasbt/LLMs-from-scratch/issues/279 (building the causal mask with
# torch.tril(torch.ones(...)) and its cost) and https://github.com/karpathy/nanoGPT/issues/170
# (the mask kept as a registered buffer instead).

import torch
import torch.nn.functional as F


def train(model, loader, optimizer, block_size: int, epochs: int = 1):
    model.cuda()
    for epoch in range(epochs):
        for idx, targets in loader:
            idx, targets = idx.cuda(), targets.cuda()
            mask = torch.tril(torch.ones(block_size, block_size)).cuda()  # expect: AB202
            logits = model(idx, attn_mask=mask)
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
