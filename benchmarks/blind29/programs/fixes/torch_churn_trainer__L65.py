# ruff: noqa
"""Churn classifier for a subscription service: a small MLP trained with Adam on synthetic
customer features (churn within each of the next 24 half-months), with callbacks that track the loss and how many customers the model is
already confident about, and a final report on a held-out split."""
import torch
from torch import nn


class ChurnData:
    def __init__(self, n, d, seed):
        g = torch.Generator().manual_seed(seed)
        self.x = torch.randn(n, d, generator=g)
        w = torch.randn(d, generator=g)
        score = self.x @ w + 0.5 * torch.randn(n, generator=g)
        horizon = torch.linspace(-1.5, 1.5, 24)
        self.y = ((score[:, None] + horizon) > 0).float()

    def batches(self, size, g):
        order = torch.randperm(len(self.y), generator=g)
        for i in range(0, len(order), size):
            idx = order[i:i + size]
            yield self.x[idx], self.y[idx]


class LossHistory:
    def __init__(self):
        self.values = []

    def __call__(self, step, loss, probs):
        self.values.append(loss.detach())


class ConfidenceMonitor:
    def __init__(self, threshold=0.9):
        self.threshold = threshold
        self.counts = []

    def __call__(self, step, loss, probs):
        p = probs.detach().flatten().tolist()
        self.counts.append(sum(1 for v in p if v > self.threshold or v < 1 - self.threshold))


class Trainer:
    def __init__(self, model, lr, callbacks):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = callbacks
        self.loss_fn = nn.BCEWithLogitsLoss()

    def fit(self, data, epochs, batch):
        g = torch.Generator().manual_seed(1)
        step = 0
        for epoch in range(epochs):
            for xb, yb in data.batches(batch, g):
                logits = self.model(xb)
                loss = self.loss_fn(logits, yb)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                probs = torch.sigmoid(logits)
                for cb in self.callbacks:
                    cb(step, loss, probs)
                step += 1
            if epoch % 4 == 0:
                print(f"epoch {epoch}: loss {loss.detach():.4f}")


torch.manual_seed(0)
data = ChurnData(60000, 24, seed=3)
model = nn.Sequential(nn.Linear(24, 32), nn.ReLU(), nn.Linear(32, 24))
history, monitor = LossHistory(), ConfidenceMonitor()
trainer = Trainer(model, 1e-3, [history, monitor])
trainer.fit(data, epochs=16, batch=4096)
with torch.no_grad():
    test = ChurnData(5000, 24, seed=3)
    acc = ((model(test.x) > 0).float() == test.y).float().mean().item()
losses = torch.stack(history.values)
print(f"final loss {losses[-1].item():.4f}, accuracy {acc:.4f}, confident {monitor.counts[-1]}")
print("result:", f"{losses.sum().item() + acc + sum(monitor.counts):.8e}")
