# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Trains an imbalanced text classifier, building the class-weighted cross-entropy loss inside the batch loop."""

# Source: https://github.com/bentrevett/pytorch-sentiment-analysis/issues/18 (why criterion = criterion.to(device) is needed: only for losses holding tensors such as class weights)
# Source: https://github.com/skorch-dev/skorch/pull/455 (PR "Move criterion to compute device": criterion parameters such as class weights must live on the device)

import torch
import torch.nn as nn


def train(model, iterator, optimizer, class_counts, device, epochs=5):
    counts = torch.tensor(class_counts, dtype=torch.float32)
    weights = counts.sum() / (len(class_counts) * counts)
    model.train()
    for epoch in range(epochs):
        epoch_loss = torch.zeros((), device=device)
        for text, lengths, labels in iterator:
            text, labels = text.to(device), labels.to(device)
            criterion = nn.CrossEntropyLoss(weight=weights).to(device)  # expect: AB202
            optimizer.zero_grad()
            predictions = model(text, lengths)
            loss = criterion(predictions, labels)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.detach()
        print(f"epoch {epoch}: {epoch_loss.item() / len(iterator):.4f}")
