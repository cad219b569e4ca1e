# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_cat_preds): written after the rules, scored before any change to them."""

import torch

all_preds = torch.tensor([])
for batch in batches:
    all_preds = torch.cat((all_preds, batch.sum(1)), dim=0)  # expect: AB107
