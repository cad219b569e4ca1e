"""Trains a small MLP regressor on synthetic tabular data with a Trainer that calls hook
objects at the end of every batch (an error tracker and a loss logger) and reports the mean
absolute error per epoch."""
import torch
from torch import nn


class ErrorTracker:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def on_batch_end(self, pred, target, loss):
        abs_err = (pred - target).abs().detach().flatten()
        self.total += sum(abs_err)
        self.count += abs_err.numel()

    def epoch_mae(self):
        mae = float(self.total) / self.count
        self.total, self.count = 0.0, 0
        return mae


class LossLogger:
    def __init__(self, every):
        self.every = every
        self.step = 0
        self.logged = []

    def on_batch_end(self, pred, target, loss):
        self.step += 1
        if self.step % self.every == 0:
            self.logged.append(loss.detach())


class Trainer:
    def __init__(self, model, lr, hooks):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.hooks = hooks

    def fit_epoch(self, x, y, batch):
        for i in range(0, len(x), batch):
            xb, yb = x[i:i + batch], y[i:i + batch]
            pred = self.model(xb)
            loss = nn.functional.mse_loss(pred, yb)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            for hook in self.hooks:
                hook.on_batch_end(pred, yb, loss)


def main():
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(1)
    x = torch.randn(240_000, 16, generator=g)
    w = torch.randn(16, 1, generator=g)
    y = torch.tanh(x @ w) + 0.1 * torch.randn(240_000, 1, generator=g)
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1))
    tracker, logger = ErrorTracker(), LossLogger(every=80)
    trainer = Trainer(model, 1e-3, [tracker, logger])
    maes = []
    for epoch in range(2):
        trainer.fit_epoch(x, y, 1024)
        maes.append(tracker.epoch_mae())
    checksum = sum(maes) + float(torch.stack(logger.logged).sum())
    print("result:", round(checksum, 6))


if __name__ == "__main__":
    main()
