# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Sampling from a language model with the token buffer kept on the CPU: to the GPU and back
on every step."""

import torch
import torch.nn.functional as F


@torch.no_grad()
def sample(model, prompt_ids, max_new_tokens=50, temperature=1.0, device="cuda"):
    idx = torch.tensor([prompt_ids])
    for _ in range(max_new_tokens):
        logits = model(idx.to(device))  # expect: AB202
        probs = F.softmax(logits[:, -1, :] / temperature, dim=-1).cpu()
        next_id = torch.multinomial(probs, num_samples=1)
        idx = torch.cat([idx, next_id], dim=1)
    return idx[0].tolist()
