"""Checkout-demand forecasting for a library catalogue: a small network learns weekly checkouts
per title from its age, genre and past loans; a training callback keeps every prediction made
during training for calibration, and the report gives the loss per epoch and the calibration
of predictions against the targets."""
import torch
from torch import nn

N_GENRES = 12


def make_catalogue(n, gen):
    age = torch.rand(n, 1, generator=gen) * 20
    genre = torch.randint(0, N_GENRES, (n,), generator=gen)
    past = torch.poisson(torch.full((n, 4), 3.0), generator=gen)
    x = torch.cat([age / 20, nn.functional.one_hot(genre, N_GENRES).float(), past / 10], 1)
    y = 2.0 * torch.exp(-age[:, 0] / 6) + 0.4 * past.mean(1) + 0.1 * genre.float() + 0.2 * torch.randn(n, generator=gen)
    return x, y


class PredictionLog:
    def __init__(self):
        self.chunks = [torch.empty(0, 4)]

    def __call__(self, pred, target, xb):
        self.chunks.append(torch.stack([pred.detach(), target, xb[:, 0], xb[:, -1]], 1))

    @property
    def rows(self):
        if len(self.chunks) > 1:
            self.chunks = [torch.cat(self.chunks)]
        return self.chunks[0]

    @property
    def preds(self):
        return self.rows[:, 0]

    @property
    def targets(self):
        return self.rows[:, 1]


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.callbacks = list(callbacks)
        self.epoch_losses = torch.empty(0)

    def fit(self, x, y, epochs, batch):
        for epoch in range(epochs):
            total = torch.zeros(())
            for s in range(0, len(x), batch):
                xb, yb = x[s:s + batch], y[s:s + batch]
                pred = self.model(xb).squeeze(1)
                loss = nn.functional.mse_loss(pred, yb)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach() * len(xb)
                for cb in self.callbacks:
                    cb(pred, yb, xb)
            self.epoch_losses = torch.cat([self.epoch_losses, (total / len(x)).reshape(1)])


torch.manual_seed(0)
gen = torch.Generator().manual_seed(17)
x, y = make_catalogue(40_000, gen)
model = nn.Sequential(nn.Linear(x.shape[1], 32), nn.Tanh(), nn.Linear(32, 1))
log = PredictionLog()
trainer = Trainer(model, lr=0.01, callbacks=[log])
trainer.fit(x, y, epochs=9, batch=256)
bins = torch.bucketize(log.preds.contiguous(), torch.linspace(0, 5, 11))
calib = torch.zeros(12).index_add_(0, bins, log.targets - log.preds) / torch.bincount(bins, minlength=12).clamp(min=1)
print("loss per epoch:", [round(v, 4) for v in trainer.epoch_losses.tolist()])
print(f"result: {float(trainer.epoch_losses.sum()) + float(calib.abs().sum()):.10e}")
