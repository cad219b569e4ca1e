# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Keeps the best model weights seen during training by deep-copying the state dict when validation accuracy improves."""

# Source: https://github.com/pytorch/tutorials/pull/188 (PR "Fixed deep copying model.state_dict()": otherwise best_model_wts always tracks the last epoch)

import copy

import torch


def train_model(model, dataloaders, criterion, optimizer, num_epochs=25, device="cuda"):
    best_model_wts = copy.deepcopy(model.state_dict())
    best_acc = 0.0
    for epoch in range(num_epochs):
        for phase in ("train", "val"):
            model.train(phase == "train")
            corrects = torch.zeros((), device=device)
            for inputs, labels in dataloaders[phase]:
                inputs, labels = inputs.to(device), labels.to(device)
                optimizer.zero_grad()
                with torch.set_grad_enabled(phase == "train"):
                    outputs = model(inputs)
                    loss = criterion(outputs, labels)
                    if phase == "train":
                        loss.backward()
                        optimizer.step()
                corrects += (outputs.argmax(1) == labels).sum()
            epoch_acc = corrects.item() / len(dataloaders[phase].dataset)
            if phase == "val" and epoch_acc > best_acc:
                best_acc = epoch_acc
                best_model_wts = copy.deepcopy(model.state_dict())
    model.load_state_dict(best_model_wts)
    return model
