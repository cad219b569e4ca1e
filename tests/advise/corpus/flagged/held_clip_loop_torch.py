# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_clip_loop_torch): written after the rules, scored before any change to them."""

import torch


def clamp_loop(t: torch.Tensor, lo: float, hi: float) -> torch.Tensor:
    res = t.clone()
    for idx in range(len(res)):  # expect: AB102
        if res[idx] < lo:
            res[idx] = lo
        elif res[idx] > hi:
            res[idx] = hi
    return res
