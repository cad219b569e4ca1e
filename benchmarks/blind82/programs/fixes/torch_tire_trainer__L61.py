# ruff: noqa
"""Trains a small MLP that predicts per-lap tire wear from telemetry features, with a Trainer
that runs callbacks at the end of every batch (a tracker of the worst-fitted sample and a
running loss log), and reports the final validation error."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class WearNet(nn.Module):
    def __init__(self, n_in=10, width=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, width), nn.ReLU(), nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


class WorstSampleTracker:
    def __init__(self):
        self.worst = []

    def __call__(self, step, per_sample):
        self.worst.append(max(per_sample))


class LossLog:
    def __init__(self, every):
        self.every = every
        self.weights = [0.5, 0.3, 0.2]
        self.values = []

    def __call__(self, step, per_sample):
        if step % self.every == 0:
            self.values.append(per_sample.mean() * sum(self.weights))


class Trainer:
    def __init__(self, model, lr, callbacks):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.callbacks = callbacks

    def fit(self, x, y, epochs, batch):
        step = 0
        epoch_loss = []
        for epoch in range(epochs):
            total = torch.zeros((), device=device)
            for i in range(0, len(x), batch):
                xb, yb = x[i : i + batch], y[i : i + batch]
                per_sample = (self.model(xb) - yb) ** 2
                loss = per_sample.mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                for cb in self.callbacks:
                    cb(step, per_sample.detach())
                total += loss.detach()
                step += 1
            epoch_loss.append(total)
        return torch.stack(epoch_loss).tolist()


torch.manual_seed(0)
n = 300_000
x = torch.randn(n, 10, device=device)
true_w = torch.linspace(-1.0, 1.0, 10, device=device)
y = torch.tanh(x @ true_w) + 0.05 * torch.randn(n, device=device)
model = WearNet().to(device)
tracker, log = WorstSampleTracker(), LossLog(every=20)
trainer = Trainer(model, 0.05, [tracker, log])
losses = trainer.fit(x, y, epochs=2, batch=4096)
with torch.no_grad():
    xv = torch.randn(4096, 10, device=device)
    val = ((model(xv) - torch.tanh(xv @ true_w)) ** 2).mean()
worst = torch.stack(tracker.worst)
print(f"epoch losses: {[round(v, 5) for v in losses]}, val mse {float(val):.5f}")
print(f"result: {float(val) + float(worst.mean()) + sum(losses) + float(torch.stack(log.values).sum()):.10e}")
