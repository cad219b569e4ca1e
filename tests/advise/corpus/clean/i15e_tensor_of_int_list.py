# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""Sizes collected in a list of ints and converted to a tensor once (not a copy)."""

import torch


def node_types(slices, device):
    sizes = [end - start for start, end in slices.values()]
    sizes = torch.tensor(sizes, dtype=torch.long, device=device)
    return torch.arange(len(sizes), device=device).repeat_interleave(sizes)


def collate(n_id):
    n_id = torch.tensor(n_id)
    return n_id
