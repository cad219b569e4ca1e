# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A decoding helper that brings the best ids to the host, called on every step of a loop."""

import torch


def best_step(scores, beam):
    top, ids = torch.topk(scores, beam, dim=1)
    return top, ids.view(-1).cpu().tolist()  # expect: AB201 (possible)


def decode(decoder, enc, max_len, beam):
    tokens = torch.zeros(enc.size(0), 1, dtype=torch.long, device=enc.device)
    out = []
    for step in range(max_len):
        top, ids = best_step(decoder(tokens, enc), beam)
        out.append(ids)
    return out
