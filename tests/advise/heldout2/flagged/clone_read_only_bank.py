# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Retrieval against an embedding bank that is cloned for every query batch but only read."""

# Source: https://androidkt.com/how-to-copy-pytorch-tensor-using-clone-detach-and-deepcopy/
# (what .clone() copies and when it is needed: to avoid errors with in-place ops).

import torch
import torch.nn.functional as F


def retrieve(query_loader, encoder, bank: torch.Tensor, k: int = 5) -> torch.Tensor:
    hits = []
    with torch.no_grad():
        for q in query_loader:
            keys = bank.clone()  # expect: AB203
            sims = F.normalize(encoder(q), dim=-1) @ F.normalize(keys, dim=-1).T
            hits.append(sims.topk(k, dim=-1).indices)
    return torch.cat(hits)
