# ruff: noqa
"""Training a small MLP classifier on synthetic tabular data with a Trainer that runs callbacks
after each batch (a running accuracy meter and a learning-rate warm-up), then a test accuracy."""
import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
torch.manual_seed(0)


def make_data(n, centers):
    k, d = centers.shape
    y = torch.randint(0, k, (n,))
    x = centers[y] + torch.randn(n, d)
    return x, y


class AccuracyMeter:
    def __init__(self):
        self.correct = 0
        self.seen = 0

    def __call__(self, step, logits, targets, loss):
        preds = logits.argmax(dim=1)
        self.correct += sum(preds == targets)
        self.seen += len(targets)


class WarmUp:
    def __init__(self, opt, steps):
        self.opt = opt
        self.steps = steps
        self.base = [g["lr"] for g in opt.param_groups]

    def __call__(self, step, logits, targets, loss):
        f = min(1.0, (step + 1) / self.steps)
        for g, lr in zip(self.opt.param_groups, self.base):
            g["lr"] = lr * f


class LossLog:
    def __init__(self, every):
        self.every = every
        self.history = []

    def __call__(self, step, logits, targets, loss):
        if step % self.every == 0:
            self.history.append(loss)


class Trainer:
    def __init__(self, model, opt, callbacks=()):
        self.model = model
        self.opt = opt
        self.callbacks = list(callbacks)
        self.loss_fn = nn.CrossEntropyLoss()

    def fit(self, x, y, epochs, batch):
        step = 0
        for epoch in range(epochs):
            perm = torch.randperm(len(x))
            for i in range(0, len(x), batch):
                idx = perm[i:i + batch]
                xb, yb = x[idx].to(device), y[idx].to(device)
                logits = self.model(xb)
                loss = self.loss_fn(logits, yb)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                for cb in self.callbacks:
                    cb(step, logits.detach(), yb, loss.detach())
                step += 1
        return step


centers = torch.randn(10, 32) * 0.6
x, y = make_data(48000, centers)
x_test, y_test = make_data(4000, centers)
model = nn.Sequential(nn.Linear(32, 128), nn.ReLU(), nn.Linear(128, 10)).to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
meter = AccuracyMeter()
trainer = Trainer(model, opt, callbacks=[meter, WarmUp(opt, 100), LossLog(25)])
steps = trainer.fit(x, y, epochs=8, batch=2048)
with torch.no_grad():
    test_acc = (model(x_test.to(device)).argmax(1).cpu() == y_test).float().mean().item()
train_acc = int(meter.correct) / meter.seen
print(f"steps {steps}, train acc {train_acc:.4f}, test acc {test_acc:.4f}")
print(f"result: {train_acc + test_acc:.10e}")
