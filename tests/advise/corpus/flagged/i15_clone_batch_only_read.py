# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Each batch cloned before a forward pass that never modifies it."""

import torch


@torch.no_grad()
def embed_all(encoder, loader):
    out = []
    for batch in loader:
        x = batch["pixel_values"].clone().detach()  # expect: AB203
        out.append(encoder(x))
    return torch.cat(out)
