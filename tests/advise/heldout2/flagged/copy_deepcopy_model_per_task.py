# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Evaluating one model on several tasks, deep-copying the whole model before each one."""

# Source: https://github.com/kaiko-ai/eva/issues/940 ("Expensive model clone operation before
# running evaluation sessions ... for evals where no fit stage is involved it's not necessary").

import copy

import torch


def evaluate_all(model: torch.nn.Module, tasks: dict, device="cuda") -> dict:
    results = {}
    for name, loader in tasks.items():
        m = copy.deepcopy(model)  # expect: AB203
        m.eval()
        correct = torch.zeros((), device=device)
        seen = 0
        with torch.no_grad():
            for xb, yb in loader:
                pred = m(xb.to(device)).argmax(dim=1)
                correct += (pred == yb.to(device)).sum()
                seen += len(yb)
        results[name] = correct / seen
    return results
