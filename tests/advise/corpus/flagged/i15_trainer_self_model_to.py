# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A trainer class that moves its model and its loss to the device inside the step loop."""

import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, loader, lr=1e-3):
        self.model = model
        self.loader = loader
        self.device = torch.device("cuda")
        self.criterion = nn.MSELoss()
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)

    def train_epoch(self):
        self.model.train()
        for x, y in self.loader:
            self.model.to(self.device)  # expect: AB202
            self.criterion.to(self.device)  # expect: AB202
            pred = self.model(x.to(self.device))
            loss = self.criterion(pred, y.to(self.device))
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
