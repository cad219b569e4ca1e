# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Held-out snippet (h_eval_val): written after the rules, scored before any change to them."""

import torch


def validate(net, val_x, val_y, loss_fn):
    net.eval()
    out = net(val_x)  # expect: AB402
    return loss_fn(out, val_y)
