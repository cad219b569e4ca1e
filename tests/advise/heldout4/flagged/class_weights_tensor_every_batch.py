# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Fine-tunes a BERT classifier with a weighted cross-entropy whose weight tensor is rebuilt from a Python list on every batch."""

# Source: https://github.com/sebsk/CS224N-Project/pull/2 (PR about train_label_weight used in CrossEntropyLoss, built from a Python list of label weights)

import torch
import torch.nn.functional as F


def train_epoch(model, loader, optimizer, label_weights, device="cuda"):
    model.train()
    for input_ids, attention_mask, labels in loader:
        input_ids, attention_mask = input_ids.to(device), attention_mask.to(device)
        labels = labels.to(device)
        logits = model(input_ids=input_ids, attention_mask=attention_mask).logits
        weight = torch.tensor(label_weights, dtype=torch.float, device=device)  # expect: AB108
        loss = F.cross_entropy(logits, labels, weight=weight)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
