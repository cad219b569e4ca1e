# ruff: noqa
"""Trains a small fully connected denoiser for received radio bursts (I/Q samples with
multipath fading and additive noise) and tracks the validation error in decibels after every
epoch through an evaluation callback."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class BurstDataset:
    def __init__(self, n, length, seed):
        g = torch.Generator().manual_seed(seed)
        t = torch.arange(length) / length
        freq = torch.rand(n, 1, generator=g) * 8 + 1
        clean = torch.sin(2 * torch.pi * freq * t)
        fade = 0.6 + 0.4 * torch.rand(n, 1, generator=g)
        self.clean = clean
        self.noisy = fade * clean + 0.3 * torch.randn(n, length, generator=g)

    def batches(self, size, g):
        order = torch.randperm(len(self.clean), generator=g)
        for i in range(0, len(order), size):
            idx = order[i:i + size]
            yield self.noisy[idx], self.clean[idx]


class Denoiser(nn.Module):
    def __init__(self, length, width=128):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(length, width), nn.GELU(), nn.Linear(width, width),
                                  nn.GELU(), nn.Linear(width, length))

    def forward(self, x):
        return x + self.body(x)


def snr_db(pred, clean):
    err = ((pred - clean) ** 2).mean()
    return 10 * torch.log10((clean ** 2).mean() / err)


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)
        self.losses = []

    def fit(self, data, epochs, batch):
        g = torch.Generator().manual_seed(1)
        for epoch in range(epochs):
            for step, (x, y) in enumerate(data.batches(batch, g)):
                x, y = x.to(device), y.to(device)
                loss = ((self.model(x) - y) ** 2).mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                if step % 50 == 0:
                    self.losses.append(loss.item())
            for cb in self.callbacks:
                cb(epoch, self.model)


def make_validator(val, history):
    def validate(epoch, model):
        with torch.no_grad():
            preds = torch.stack(list(map(model, val.noisy.to(device))))
        history.append(float(snr_db(preds, val.clean.to(device))))
    return validate


torch.manual_seed(0)
train = BurstDataset(8000, 96, seed=2)
val = BurstDataset(5000, 96, seed=3)
model = Denoiser(96).to(device)
history = []
trainer = Trainer(model, 2e-3, callbacks=[make_validator(val, history)])
trainer.fit(train, epochs=6, batch=64)
print("validation SNR per epoch (dB):", [round(h, 2) for h in history])
print(f"result: {sum(history) + sum(trainer.losses):.10e}")
