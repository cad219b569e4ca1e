# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""LightningModule whose validation step moves predictions and labels to the CPU to score them with sklearn."""

# Source: https://github.com/Lightning-AI/pytorch-lightning/issues/1429 (accuracy_score needs numpy,
# so the user calls .cpu() on every validation batch; the maintainer warns every .cpu() slows the code).

import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from sklearn.metrics import accuracy_score


class LitClassifier(pl.LightningModule):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def forward(self, x):
        return self.backbone(x)

    def validation_step(self, batch, batch_idx):
        x, y = batch
        y_hat = self(x)
        loss = F.cross_entropy(y_hat, y)
        preds = torch.argmax(y_hat, dim=1)
        acc = accuracy_score(y.cpu(), preds.cpu())  # expect: AB202
        self.log("val_loss", loss)
        self.log("val_acc", acc)
        return loss
