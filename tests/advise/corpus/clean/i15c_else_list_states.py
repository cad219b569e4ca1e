# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Caching a state that is a tensor or a list of tensors: in the else branch it is a list."""

from copy import deepcopy

import torch


def snapshot(state):
    if isinstance(state, torch.Tensor):
        return state.detach().clone()
    return [s.detach().clone() if isinstance(s, torch.Tensor) else deepcopy(s) for s in state]
