# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Validation that calls .cuda() on the network for every batch."""

import torch


def run_validation(net, criterion, val_loader):
    net.eval()
    total = 0.0
    with torch.no_grad():
        for x, y in val_loader:
            net.cuda()  # expect: AB202
            loss = criterion(net(x.cuda()), y.cuda())
            total += loss
    return total / len(val_loader)
