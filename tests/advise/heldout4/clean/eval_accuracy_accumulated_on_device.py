# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Evaluates a classifier by accumulating correct predictions and the loss sum as GPU tensors, reading them once at the end."""

# Source: https://leeroopedia.com/index.php/Principle:LaurentMazare_Tch_rs_Batch_Evaluation (batch evaluation: accumulate total_correct over batches with gradients disabled, divide once at the end)

import torch
import torch.nn.functional as F


@torch.no_grad()
def evaluate(model, loader, device="cuda"):
    model.eval()
    total_correct = torch.zeros((), dtype=torch.long, device=device)
    total_loss = torch.zeros((), device=device)
    n = 0
    for data, target in loader:
        data, target = data.to(device, non_blocking=True), target.to(device, non_blocking=True)
        output = model(data)
        total_loss += F.cross_entropy(output, target, reduction="sum")
        total_correct += (output.argmax(dim=1) == target).sum()
        n += target.numel()
    return total_loss.item() / n, total_correct.item() / n
