# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""A LightningModule image classifier whose training_step logs the loss as a Python number on every step."""

# Source: https://github.com/Lightning-AI/pytorch-lightning/issues/20995 (logging on every step calls .item() on GPU tensors and forces a CPU/GPU sync each batch)

import pytorch_lightning as pl
import torch
import torch.nn.functional as F
import torchvision


class LitResNet(pl.LightningModule):
    def __init__(self, num_classes=100, lr=0.05):
        super().__init__()
        self.model = torchvision.models.resnet18(num_classes=num_classes)
        self.lr = lr

    def forward(self, x):
        return self.model(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self(x)
        loss = F.cross_entropy(logits, y)
        acc = (logits.argmax(dim=1) == y).float().mean()
        self.log("train_loss", loss.item(), on_step=True, prog_bar=True)  # expect: AB201
        self.log("train_acc", acc, on_step=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=self.lr, momentum=0.9)
