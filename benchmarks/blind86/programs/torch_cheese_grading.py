# ruff: noqa
"""Grading aged cheeses from near-infrared spectra with a small neural network.

A synthetic set of spectra (64 wavelengths) is generated for five grades; a Trainer fits an MLP
with Adam in mini-batches, and after every epoch an evaluation callback measures the accuracy on
a held-out set. Prints the accuracy history and the final confusion counts."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_GRADES = 5


class SpectraDataset:
    def __init__(self, n, generator):
        centers = torch.linspace(0.2, 0.8, N_GRADES)
        wl = torch.linspace(0.0, 1.0, 64)
        self.labels = torch.randint(0, N_GRADES, (n,), generator=generator)
        peak = centers[self.labels][:, None]
        self.spectra = torch.exp(-((wl[None, :] - peak) ** 2) / 0.005)
        self.spectra += 1.1 * torch.randn(n, 64, generator=generator)

    def __len__(self):
        return len(self.labels)

    def batches(self, size, generator):
        order = torch.randperm(len(self), generator=generator)
        for i in range(0, len(self), size):
            idx = order[i : i + size]
            yield self.spectra[idx], self.labels[idx]


class Grader(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(64, 96), nn.ReLU(), nn.Linear(96, 48), nn.ReLU())
        self.head = nn.Linear(48, N_GRADES)

    def forward(self, x):
        return self.head(self.body(x))


def accuracy_callback(val):
    def evaluate(model):
        with torch.no_grad():
            preds = torch.stack([model(x.unsqueeze(0)).argmax(1)[0] for x in val.spectra.to(device)])
        return (preds.cpu() == val.labels).float().mean()

    return evaluate


class Trainer:
    def __init__(self, model, lr, callbacks):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = callbacks
        self.history = []

    def fit(self, data, epochs, generator):
        loss_fn = nn.CrossEntropyLoss()
        for epoch in range(epochs):
            total = torch.zeros(())
            for xb, yb in data.batches(128, generator):
                loss = loss_fn(self.model(xb.to(device)), yb.to(device))
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach().cpu()
            scores = [cb(self.model) for cb in self.callbacks]
            self.history.append((total.item(), *[float(s) for s in scores]))
        return self.history


g = torch.Generator().manual_seed(3)
torch.manual_seed(3)
train, val = SpectraDataset(4000, g), SpectraDataset(5000, g)
model = Grader().to(device)
history = Trainer(model, 2e-3, [accuracy_callback(val)]).fit(train, 8, g)
for epoch, (loss, acc) in enumerate(history):
    print(f"epoch {epoch:2d}: loss {loss:.3f}, val acc {acc:.3f}")
with torch.no_grad():
    pred = model(val.spectra.to(device)).argmax(1).cpu()
counts = torch.bincount(pred * N_GRADES + val.labels, minlength=N_GRADES**2)
print(f"result: {sum(l + a for l, a in history) + float((counts * torch.arange(25)).sum()) * 1e-6:.10e}")
