# ruff: noqa  (held-out set of issue 15: look-alike that must not be flagged)
"""Greedy decoding with a preallocated key/value cache written in place at each position."""

# Source: https://www.shashankshekhar.com/logs/kv-cache-torch-cat ("Stop using torch.cat for your
# KV cache implementations ... pre-allocate a buffer and write" into it).

import torch


class KVCache:
    def __init__(self, batch, heads, max_len, head_dim, device="cuda", dtype=torch.float16):
        shape = (batch, heads, max_len, head_dim)
        self.k = torch.empty(shape, device=device, dtype=dtype)
        self.v = torch.empty(shape, device=device, dtype=dtype)

    def update(self, pos: int, k: torch.Tensor, v: torch.Tensor):
        self.k[:, :, pos : pos + 1] = k
        self.v[:, :, pos : pos + 1] = v
        return self.k[:, :, : pos + 1], self.v[:, :, : pos + 1]


@torch.no_grad()
def generate(model, prompt: torch.Tensor, cache: KVCache, max_new_tokens: int) -> torch.Tensor:
    tokens = [prompt[:, -1:]]
    logits = model.prefill(prompt, cache)
    for pos in range(prompt.shape[1], prompt.shape[1] + max_new_tokens):
        nxt = logits[:, -1].argmax(dim=-1, keepdim=True)
        tokens.append(nxt)
        logits = model.decode_step(nxt, pos, cache)
    return torch.cat(tokens[1:], dim=1)
