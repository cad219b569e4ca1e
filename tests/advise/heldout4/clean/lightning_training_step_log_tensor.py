# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""A LightningModule whose training_step logs the loss and accuracy as tensors, leaving the host transfer to the logger."""

# Source: https://github.com/InseeFrLab/torch-fastText/pull/9 (PR "add logs in lightning module": training accuracy and step logs through self.log)

import pytorch_lightning as pl
import torch
import torch.nn.functional as F


class LitTextClassifier(pl.LightningModule):
    def __init__(self, model, lr=1e-3):
        super().__init__()
        self.model = model
        self.lr = lr

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self.model(x)
        loss = F.cross_entropy(logits, y)
        acc = (logits.argmax(dim=1) == y).float().mean()
        self.log("train_loss", loss, on_step=True, on_epoch=True, prog_bar=True)
        self.log("train_acc", acc, on_step=False, on_epoch=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)
