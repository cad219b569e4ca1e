# ruff: noqa
"""State-of-health regression for lithium-ion cells: an MLP maps per-cycle features (voltage-curve
statistics, temperature, internal resistance) to remaining capacity; a small Trainer runs epochs
with callbacks, and a validation callback collects predictions to report MAE per epoch."""
import torch
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"


def make_cycles(n, g):
    x = torch.randn(n, 16, generator=g)
    w = torch.linspace(-1.0, 1.0, 16)
    soh = 0.8 + 0.15 * torch.tanh(x @ w / 4.0) + 0.01 * torch.randn(n, generator=g)
    r_growth = 1.0 + 0.3 * torch.sigmoid(x[:, :4].sum(1) / 2.0)
    rul = 500.0 * (soh - 0.7).clamp(min=0.0) / 0.25
    return x, torch.stack([soh, r_growth, rul / 500.0], dim=1)


class PredictionCollector:
    def __init__(self):
        self.reset()

    def reset(self):
        self.preds = torch.empty(0, 3)
        self.targets = torch.empty(0, 3)

    def on_batch(self, pred, target):
        self.preds = torch.cat([self.preds, pred.detach().cpu()])
        self.targets = torch.cat([self.targets, target.cpu()])

    def mae(self):
        return (self.preds - self.targets).abs().mean()


class Trainer:
    def __init__(self, model, opt, callbacks):
        self.model, self.opt, self.callbacks = model, opt, callbacks

    def fit_epoch(self, x, y, batch):
        self.model.train()
        total = torch.zeros(())
        for i in range(0, len(x), batch):
            xb, yb = x[i:i + batch].to(device), y[i:i + batch].to(device)
            loss = nn.functional.mse_loss(self.model(xb), yb)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            total += loss.detach()
        return total

    @torch.no_grad()
    def validate(self, x, y, batch):
        self.model.eval()
        for cb in self.callbacks:
            cb.reset()
        for i in range(0, len(x), batch):
            pred = self.model(x[i:i + batch].to(device))
            for cb in self.callbacks:
                cb.on_batch(pred, y[i:i + batch])


g = torch.Generator().manual_seed(1)
x_tr, y_tr = make_cycles(40_000, g)
x_va, y_va = make_cycles(160_000, g)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 3)).to(device)
collector = PredictionCollector()
trainer = Trainer(model, torch.optim.Adam(model.parameters(), lr=1e-3), [collector])
history = []
for epoch in range(3):
    total = trainer.fit_epoch(x_tr, y_tr, 512)
    trainer.validate(x_va, y_va, 32)
    history.append(collector.mae().item())
    print(f"epoch {epoch}: train {total.item():.4f} valid mae {history[-1]:.5f}")
print(f"result: {sum(history):.10e}")
