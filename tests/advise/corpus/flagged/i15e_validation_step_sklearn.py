# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A Lightning validation step that hands .cpu() tensors to scikit-learn on every batch."""

import lightning as L
import torch
from sklearn.metrics import f1_score


class Classifier(L.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def validation_step(self, batch, batch_idx):
        x, y = batch
        preds = self.net(x).argmax(dim=1)
        f1 = f1_score(y.cpu(), preds.cpu(), average="macro")  # expect: AB202
        self.log("val_f1", f1)
