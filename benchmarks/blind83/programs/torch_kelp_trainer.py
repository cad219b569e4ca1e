# ruff: noqa
"""Kelp yield regression: an MLP learns next-month biomass per rope segment from water
temperature, nitrate, light, depth and current readings; a Trainer runs the epochs and calls
its evaluation hooks (validation error, yield-weighted error) after each one."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_data(n, g):
    x = torch.randn(n, 8, generator=g)
    w = torch.linspace(-1.0, 1.0, 8)
    y = torch.tanh(x @ w)[:, None] + 0.3 * x[:, :1] * x[:, 1:2] + 0.05 * torch.randn(n, 1, generator=g)
    return x, y


class YieldNet(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(),
                                  nn.Linear(width, 1))

    def forward(self, x):
        return self.body(x)


def val_mse(model, x, y):
    with torch.no_grad():
        preds = torch.stack(list(map(model, x)))
    return ((preds - y) ** 2).mean()


def weighted_mse(model, x, y):
    with torch.no_grad():
        return ((model(x) - y) ** 2 * y.abs()).mean()


class Trainer:
    def __init__(self, model, hooks, lr=3e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.hooks = hooks
        self.history = []

    def fit(self, x, y, xv, yv, epochs, batch):
        for epoch in range(epochs):
            perm = torch.randperm(len(x))
            for i in range(0, len(x), batch):
                idx = perm[i:i + batch]
                loss = ((self.model(x[idx]) - y[idx]) ** 2).mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
            scores = {name: hook(self.model, xv, yv) for name, hook in self.hooks.items()}
            self.history.append({k: v.item() for k, v in scores.items()})


torch.manual_seed(0)
g = torch.Generator().manual_seed(1)
x, y = make_data(8000, g)
xv, yv = make_data(6000, g)
model = YieldNet().to(device)
trainer = Trainer(model, {"mse": val_mse, "weighted": weighted_mse})
trainer.fit(x.to(device), y.to(device), xv.to(device), yv.to(device), epochs=6, batch=256)
last = trainer.history[-1]
print(f"val mse {last['mse']:.5f}, weighted {last['weighted']:.5f}")
print(f"result: {sum(h['mse'] + h['weighted'] for h in trainer.history):.10e}")
