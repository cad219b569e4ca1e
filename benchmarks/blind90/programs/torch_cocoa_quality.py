# ruff: noqa
"""Cocoa fermentation quality regression: spectra-like features of bean samples (NIR bands plus
fermentation time, pile temperature and pH) predict a cut-test fermentation score with a small
network; mini-batch training with a validation split and early stopping on the best epoch."""
import torch
from torch import nn

torch.manual_seed(2)
device = "cuda" if torch.cuda.is_available() else "cpu"


class BeanSamples:
    def __init__(self, n, n_bands, gen):
        bands = torch.randn(n, n_bands, generator=gen).cumsum(dim=1) / n_bands ** 0.5
        meta = torch.rand(n, 3, generator=gen)
        self._x = torch.cat([bands, meta], dim=1).to(device)
        w = torch.randn(n_bands + 3, generator=gen) / (n_bands + 3) ** 0.5
        self._y = (torch.sin(self._x @ w) + 0.05 * torch.randn(n, generator=gen).to(device)).unsqueeze(1)

    @property
    def features(self):
        return self._x.clone()

    @property
    def targets(self):
        return self._y

    def __len__(self):
        return self._x.shape[0]


def make_model(n_in):
    return nn.Sequential(nn.Linear(n_in, 32), nn.GELU(), nn.Linear(32, 1)).to(device)


def train(model, data, val_x, val_y, epochs, batch, gen, callbacks=()):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    best, best_state = float("inf"), None
    for ep in range(epochs):
        perm = torch.randperm(len(data), generator=gen).to(device)
        for i in range(0, len(data), batch):
            idx = perm[i:i + batch]
            xb = data.features[idx]
            yb = data.targets[idx]
            loss = nn.functional.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            val = nn.functional.mse_loss(model(val_x), val_y).item()
        for cb in callbacks:
            cb(ep, val)
        if val < best:
            best = val
            best_state = {k: v.clone() for k, v in model.state_dict().items()}
    model.load_state_dict(best_state)
    return best


gen = torch.Generator().manual_seed(9)
data = BeanSamples(50_000, 61, gen)
val = BeanSamples(4000, 61, gen)
model = make_model(64)
log = []
best = train(model, data, val.features, val.targets, epochs=3, batch=256, gen=gen,
             callbacks=[lambda ep, v: log.append((ep, v))])
for ep, v in log:
    print(f"epoch {ep}: val mse {v:.5f}")
with torch.no_grad():
    score = model(val.features).sum().item()
print(f"result: {best + score:.10e}")
