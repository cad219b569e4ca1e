# ruff: noqa
"""Emulator of a peatland moisture model: trains a small network on simulated (weather, peat
properties) -> water-table pairs, then evaluates it on held-out sites batch by batch, keeping
the per-site predictions and an error summary for every validation pass."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def simulate(n, gen):
    x = torch.randn(n, 12, generator=gen)
    w = torch.linspace(-0.6, 0.8, 12)
    y = torch.sin(x @ w) + 0.3 * x[:, 0] * x[:, 1]
    return x, y


class Emulator(nn.Module):
    def __init__(self, width=48):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(12, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(), nn.Linear(width, 1)
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


class Evaluator:
    def __init__(self, model, batch):
        self.model = model
        self.batch = batch

    def batches(self, x):
        for i in range(0, len(x), self.batch):
            yield x[i : i + self.batch]

    @torch.no_grad()
    def predict(self, chunk):
        return torch.stack([self.model(site) for site in chunk])

    def run(self, x, y):
        preds = torch.cat([self.predict(c) for c in self.batches(x)])
        return preds, ((preds - y) ** 2).mean()


gen = torch.Generator().manual_seed(1)
x, y = simulate(12_000, gen)
xv, yv = simulate(16_000, gen)
x, y, xv, yv = x.to(device), y.to(device), xv.to(device), yv.to(device)
torch.manual_seed(2)
model = Emulator().to(device)
opt = torch.optim.Adam(model.parameters(), lr=2e-3)
ev = Evaluator(model, 250)
history = torch.empty(0, device=device)
for epoch in range(3):
    perm = torch.randperm(len(x), generator=gen).to(device)
    for i in range(0, len(x), 256):
        idx = perm[i : i + 256]
        loss = ((model(x[idx]) - y[idx]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    preds, mse = ev.run(xv, yv)
    history = torch.cat([history, mse.reshape(1)])
    print(f"epoch {epoch}: val mse {float(mse):.5f}")
print(f"result: {float(history.sum()) + float(preds.abs().mean()):.10e}")
