# ruff: noqa
"""Training a small patch denoiser for ultrasound speckle: synthetic tissue patches with
multiplicative Rayleigh speckle, a residual MLP over flattened 8x8 patches trained with Adam, and
a validation callback that reports PSNR on held-out patches after every epoch."""
import math

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class SpeckleDataset:
    def __init__(self, n, size, gen):
        yy, xx = torch.meshgrid(torch.linspace(0, 1, size), torch.linspace(0, 1, size), indexing="ij")
        phase = torch.rand(n, 1, 1, generator=gen) * 6.28
        clean = 0.5 + 0.3 * torch.sin(8 * xx + phase) * torch.cos(5 * yy + phase)
        speckle = torch.sqrt(-2 * torch.log(torch.rand(n, size, size, generator=gen) + 1e-6)) / 1.25
        self.clean = clean.unsqueeze(1)
        self.noisy = (clean * speckle).unsqueeze(1)

    def __len__(self):
        return len(self.clean)

    def batches(self, bs, gen):
        order = torch.randperm(len(self), generator=gen)
        for i in range(0, len(self), bs):
            idx = order[i:i + bs]
            yield self.noisy[idx], self.clean[idx]


class Denoiser(nn.Module):
    def __init__(self, size, width=128):
        super().__init__()
        self.size = size
        self.body = nn.Sequential(
            nn.Flatten(), nn.Linear(size * size, width), nn.ReLU(),
            nn.Linear(width, size * size))

    def forward(self, x):
        return x - self.body(x).view(-1, 1, self.size, self.size)


def psnr_callback(model, val):
    model.eval()
    total = 0.0
    with torch.no_grad():
        outs = [model(x.unsqueeze(0)) for x in val.noisy]
        pred = torch.cat(outs)
        mse = ((pred - val.clean) ** 2).mean(dim=(1, 2, 3))
        total = (10 * torch.log10(1.0 / mse)).mean()
    model.train()
    return total


class Trainer:
    def __init__(self, model, lr, callbacks):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = callbacks
        self.history = []

    def fit(self, train, val, epochs, gen):
        for epoch in range(epochs):
            running = torch.zeros(())
            for noisy, clean in train.batches(64, gen):
                loss = nn.functional.mse_loss(self.model(noisy), clean)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                running += loss.detach()
            self.history.append(running)
            for cb in self.callbacks:
                self.history.append(cb(self.model, val))
        self.history = [float(h) for h in self.history]


torch.manual_seed(0)
gen = torch.Generator().manual_seed(0)
train = SpeckleDataset(4096, 8, gen)
val = SpeckleDataset(9000, 8, gen)
trainer = Trainer(Denoiser(8).to(device), 2e-3, [psnr_callback])
trainer.fit(train, val, 6, gen)
for e in range(6):
    print(f"epoch {e}: train loss {trainer.history[2 * e]:.4f}, val psnr {trainer.history[2 * e + 1]:.2f} dB")
print("result:", f"{sum(trainer.history):.10e}")
