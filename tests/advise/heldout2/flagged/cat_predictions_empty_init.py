# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Gathering softmax outputs of a whole loader by concatenating onto an empty tensor per batch."""

# Source: https://openillumi.com/?p=84273 ("initialize an empty tensor ... torch.empty((0, Dims))";
# and its tip: "store tensors in a Python list and perform a single torch.cat ... over 10x faster").

import torch

NUM_CLASSES = 10


def predict_all(model, loader, device="cuda") -> torch.Tensor:
    all_probs = torch.empty((0, NUM_CLASSES), device=device)
    model.eval()
    with torch.no_grad():
        for xb, _ in loader:
            logits = model(xb.to(device))
            all_probs = torch.cat((all_probs, logits.softmax(dim=1)), dim=0)  # expect: AB107
    return all_probs
