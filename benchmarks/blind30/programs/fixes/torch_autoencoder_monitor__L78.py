# ruff: noqa
"""Trains a small dense autoencoder on simulated machine-sensor windows and, after every epoch,
runs callbacks: one scores a held-out set (reconstruction error per window and the share above
a threshold), one decays the learning rate."""
import torch
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"


def make_windows(n, dim, gen):
    t = torch.linspace(0, 6.28, dim)
    phase = torch.rand(n, 1, generator=gen) * 6.28
    amp = 1.0 + 0.2 * torch.randn(n, 1, generator=gen)
    return amp * torch.sin(t + phase) + 0.05 * torch.randn(n, dim, generator=gen)


class AutoEncoder(nn.Module):
    def __init__(self, dim, hidden=32, code=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, code))
        self.dec = nn.Sequential(nn.Linear(code, hidden), nn.ReLU(), nn.Linear(hidden, dim))

    def forward(self, x):
        return self.dec(self.enc(x))


class HeldOutScore:
    def __init__(self, data, threshold):
        self.data = data
        self.threshold = threshold
        self.history = []

    def __call__(self, trainer):
        model = trainer.model
        with torch.no_grad():
            recon = torch.stack(list(map(model, self.data.unbind(0))))
            err = ((recon - self.data) ** 2).mean(dim=1)
        self.history.append((err.mean(), (err > self.threshold).float().mean()))


class LrDecay:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, trainer):
        for group in trainer.opt.param_groups:
            group["lr"] *= self.factor


class Trainer:
    def __init__(self, model, lr, callbacks):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = callbacks

    def fit(self, data, epochs, batch):
        for epoch in range(epochs):
            perm = torch.randperm(len(data))
            for i in range(0, len(data), batch):
                x = data[perm[i:i + batch]].to(device)
                loss = ((self.model(x) - x) ** 2).mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            for cb in self.callbacks:
                cb(self)


gen = torch.Generator().manual_seed(1)
train = make_windows(8000, 64, gen)
held = make_windows(4000, 64, gen).to(device)
scorer = HeldOutScore(held, threshold=0.01)
trainer = Trainer(AutoEncoder(64).to(device), 3e-3, [scorer, LrDecay(0.9)])
trainer.fit(train, epochs=8, batch=256)
hist = torch.stack([torch.stack(h) for h in scorer.history]).tolist()
for epoch, (m, frac) in enumerate(hist):
    print(f"epoch {epoch}: held-out mse {m:.5f}, above threshold {frac:.3f}")
print(f"result: {sum(m.item() + f.item() for m, f in scorer.history):.8e}")
