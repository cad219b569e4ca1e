# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""The best value of each tracked metric, read once per metric."""

import torch


def best(history: dict, maximize: dict) -> dict:
    out = {}
    for name, values in history.items():
        v = values.max() if maximize[name] else values.min()
        out[name] = v.item()
    return out
