# ruff: noqa
"""Surrogate model of the formation energy of ternary alloys: composition and lattice descriptors
go through a small MLP trained with Adam; a validation callback reports the mean absolute error
after every epoch, and the best epoch's error is printed."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_alloys(n, gen):
    comp = torch.distributions.Dirichlet(torch.ones(3)).sample((n,))
    lattice = 3.5 + 0.4 * torch.rand(n, 3, generator=gen)
    strain = 0.02 * torch.randn(n, 6, generator=gen)
    x = torch.cat([comp, lattice, strain, comp[:, :1] * comp[:, 1:2], comp[:, 1:2] * comp[:, 2:]], 1)
    mix = -0.4 * comp[:, 0] * comp[:, 1] - 0.25 * comp[:, 1] * comp[:, 2] + 0.1 * comp[:, 0] * comp[:, 2]
    energy = mix + 0.5 * (lattice - 3.7).pow(2).sum(1) + 3.0 * strain.pow(2).sum(1)
    return x, energy + 0.005 * torch.randn(n, generator=gen)


class EnergyMLP(nn.Module):
    def __init__(self, n_in, widths=(64, 64, 32)):
        super().__init__()
        layers = []
        for w in widths:
            layers += [nn.Linear(n_in, w), nn.SiLU()]
            n_in = w
        layers.append(nn.Linear(n_in, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x).squeeze(-1)


def validation_mae(model, x_val, y_val):
    model.eval()
    with torch.no_grad():
        preds = model(x_val)
    model.train()
    return (preds - y_val).abs().mean()


class Trainer:
    def __init__(self, model, lr=2e-3, batch=128, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.batch = batch
        self.callbacks = list(callbacks)
        self.history = []

    def epoch(self, x, y, gen):
        order = torch.randperm(len(x), generator=gen)
        total = torch.zeros(())
        for i in range(0, len(x), self.batch):
            idx = order[i:i + self.batch]
            loss = nn.functional.mse_loss(self.model(x[idx]), y[idx])
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.detach() * len(idx)
        return total / len(x)

    def fit(self, x, y, epochs, gen):
        for ep in range(epochs):
            train_loss = self.epoch(x, y, gen)
            logs = {"train": train_loss.item()}
            for cb in self.callbacks:
                logs.update(cb(self.model))
            self.history.append(logs)
        return self.history


torch.manual_seed(0)
gen = torch.Generator().manual_seed(0)
x, y = make_alloys(9000, gen)
x_tr, y_tr, x_val, y_val = x[:7000], y[:7000], x[7000:], y[7000:]
model = EnergyMLP(x.shape[1]).to(device)
val_cb = lambda m: {"val_mae": validation_mae(m, x_val.to(device), y_val.to(device)).item()}
trainer = Trainer(model, callbacks=[val_cb])
history = trainer.fit(x_tr.to(device), y_tr.to(device), 12, gen)
best = min(h["val_mae"] for h in history)
print(f"best validation MAE {best:.5f} eV/atom, final train loss {history[-1]['train']:.6f}")
print(f"result: {best + history[-1]['train']:.10e}")
