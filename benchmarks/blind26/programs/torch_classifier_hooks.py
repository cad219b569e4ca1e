# ruff: noqa
"""Trains a small linear (softmax regression) classifier on synthetic Gaussian-blob data (20 classes) with SGD; after
every step a list of callbacks is run on the step's predictions (a confidence monitor and a
loss tracker); prints the final accuracy and the monitor's summary."""
import statistics
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_CLASSES, DIM = 20, 16


class BlobData:
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.centers = torch.randn(N_CLASSES, DIM, generator=g) * 3.0
        self.y = torch.randint(0, N_CLASSES, (n,), generator=g)
        self.x = self.centers[self.y] + torch.randn(n, DIM, generator=g)

    def batches(self, size):
        for i in range(0, len(self.y) - size + 1, size):
            yield self.x[i:i + size].to(device), self.y[i:i + size].to(device)


class ConfidenceMonitor:
    def __init__(self):
        self.history = []

    def __call__(self, logits, y, loss):
        top = logits.softmax(dim=1).max(dim=1).values
        self.history.append(statistics.mean(top.tolist()))


class LossTracker:
    def __init__(self):
        self.total = torch.zeros((), device=device)
        self.steps = 0

    def __call__(self, logits, y, loss):
        self.total += loss.detach()
        self.steps += 1
        if self.steps % 100 == 0:
            print(f"step {self.steps}: running loss {self.total.item() / self.steps:.4f}")


def train(model, data, epochs, callbacks, batch=4096):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for xb, yb in data.batches(batch):
            logits = model(xb)
            loss = nn.functional.cross_entropy(logits, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            for cb in callbacks:
                cb(logits.detach(), yb, loss)


torch.manual_seed(0)
data = BlobData(200_000, seed=1)
model = nn.Linear(DIM, N_CLASSES).to(device)
monitor, tracker = ConfidenceMonitor(), LossTracker()
train(model, data, 20, [monitor, tracker])
with torch.no_grad():
    acc = (model(data.x.to(device)).argmax(1) == data.y.to(device)).float().mean()
print(f"accuracy {float(acc):.4f}, last mean confidence {monitor.history[-1]:.4f}")
print("result:", f"{float(acc) + sum(monitor.history) + float(tracker.total):.10e}")
