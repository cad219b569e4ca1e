"""Trains a small MLP classifier on synthetic tabular data (six Gaussian classes in 40
dimensions) with Adam, and after each epoch an evaluation callback computes the validation
accuracy and mean confidence; the history of both is printed at the end."""
import torch
from torch import nn

torch.manual_seed(0)


def make_data(n, centers):
    y = torch.randint(0, centers.shape[0], (n,))
    return centers[y] + torch.randn(n, centers.shape[1]), y


class Trainer:
    def __init__(self, model, lr=1e-3, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)
        self.losses = []

    def fit(self, x, y, epochs, batch=256):
        for epoch in range(epochs):
            perm = torch.randperm(x.shape[0])
            running = torch.zeros(())
            for i in range(0, x.shape[0], batch):
                idx = perm[i : i + batch]
                loss = nn.functional.cross_entropy(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                running += loss.detach()
            self.losses.append(float(running))
            for cb in self.callbacks:
                cb(self.model, epoch)


def validation_callback(xv, yv, history):
    def on_epoch_end(model, epoch):
        model.eval()
        with torch.no_grad():
            probs = torch.cat(list(map(lambda row: model(row.unsqueeze(0)).softmax(-1), xv)))
        model.train()
        history.append((float((probs.argmax(1) == yv).float().mean()), float(probs.max(1).values.mean())))
    return on_epoch_end


centers = torch.randn(6, 40) * 0.35
x, y = make_data(8000, centers)
xv, yv = make_data(6000, centers)
model = nn.Sequential(nn.Linear(40, 128), nn.ReLU(), nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, 6))
history = []
trainer = Trainer(model, callbacks=[validation_callback(xv, yv, history)])
trainer.fit(x, y, epochs=6)
for e, (acc, conf) in enumerate(history):
    print(f"epoch {e}: val acc {acc:.4f}, confidence {conf:.4f}")
print(f"result: {sum(a + c for a, c in history) + sum(trainer.losses):.10e}")
