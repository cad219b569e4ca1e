# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (hc_list_of_models): written after the rules, scored before any change to them."""

import torch


def ensemble(models, x):
    outs = []
    with torch.no_grad():
        for m in models:
            m.eval()
            outs.append(m(x))
    return torch.stack(outs).mean(0)
