# ruff: noqa
"""Decoding hand velocity from motor-cortex population activity: binned spike counts from a
simulated population with cosine tuning, a linear-nonlinear decoder trained by minibatch SGD,
early stopping on a validation split, and the R^2 of the decoded velocity."""
import copy

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class SpikeDataset:
    def __init__(self, n_bins, n_units, gen):
        angle = torch.cumsum(0.05 * torch.randn(n_bins, generator=gen), 0)
        speed = 1.0 + 0.5 * torch.sin(torch.arange(n_bins) / 50.0)
        self.velocity = torch.stack([speed * torch.cos(angle), speed * torch.sin(angle)], 1)
        pref = torch.rand(n_units, generator=gen) * 6.2832
        tuning = torch.stack([torch.cos(pref), torch.sin(pref)], 1)
        rate = torch.exp(0.5 + 0.4 * self.velocity @ tuning.T)
        self.counts = torch.poisson(rate, generator=gen)

    def __len__(self):
        return len(self.counts)

    def batch(self, idx):
        counts = self.counts.clone()
        return torch.sqrt(counts[idx]), self.velocity[idx]


class Decoder(nn.Module):
    def __init__(self, n_units):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_units, 64), nn.Tanh(), nn.Linear(64, 2))

    def forward(self, x):
        return self.net(x)


def train(ds, model, steps, batch, gen, on_step):
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)
    n_train = int(0.8 * len(ds))
    val_idx = torch.arange(n_train, len(ds))
    best, best_state = float("inf"), None
    for step in range(steps):
        idx = torch.randint(0, n_train, (batch,), generator=gen)
        x, y = ds.batch(idx)
        loss = ((model(x) - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        on_step(step, loss)
        if step % 100 == 99:
            with torch.no_grad():
                xv, yv = ds.batch(val_idx)
                val = float(((model(xv) - yv) ** 2).mean())
            if val < best:
                best, best_state = val, copy.deepcopy(model.state_dict())
    return best, best_state


gen = torch.Generator().manual_seed(4)
torch.manual_seed(4)
ds = SpikeDataset(60000, 96, gen)
model = Decoder(96).to(device)
losses = []
best, state = train(ds, model, 800, 128, gen, lambda s, l: losses.append(l.detach()))
model.load_state_dict(state)
with torch.no_grad():
    x, y = ds.batch(torch.arange(len(ds)))
    pred = model(x)
r2 = 1.0 - ((pred - y) ** 2).sum() / ((y - y.mean(0)) ** 2).sum()
print(f"best val mse {best:.4f}, R^2 {float(r2):.4f}")
print(f"result: {float(r2) + best + float(torch.stack(losses).sum()):.10e}")
