# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Fine-tunes a torchvision classifier, moving the model to the device at the top of every batch iteration."""

# Source: https://theneuralbase.com/pytorch/learn/intermediate/moving-model-and-data-to-device/ (tutorial: move the model once with model.to(device), move each batch's tensors in the loop)

import torch
import torch.nn as nn
import torchvision


def finetune(train_loader, num_classes=37, epochs=15, lr=1e-3):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = torchvision.models.efficientnet_b0(weights="IMAGENET1K_V1")
    model.classifier[1] = nn.Linear(model.classifier[1].in_features, num_classes)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    criterion = nn.CrossEntropyLoss()

    for epoch in range(epochs):
        model.train()
        for images, labels in train_loader:
            model = model.to(device)  # expect: AB202
            images, labels = images.to(device), labels.to(device)
            optimizer.zero_grad()
            loss = criterion(model(images), labels)
            loss.backward()
            optimizer.step()
    return model
