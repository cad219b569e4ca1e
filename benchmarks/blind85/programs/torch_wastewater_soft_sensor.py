# ruff: noqa
"""Soft sensor for a wastewater plant: an MLP trained to predict effluent ammonium from online
sensor readings (flow, temperature, DO, pH, ORP, turbidity and their lags), with a trainer that
runs validation callbacks after every epoch; prints the validation error per epoch."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def synthetic_plant(n, gen):
    X = torch.randn(n, 18, generator=gen)
    w = torch.linspace(-1.0, 1.0, 18)
    y = torch.tanh(X @ w) * 3.0 + 0.5 * X[:, 0] * X[:, 3] + 0.1 * torch.randn(n, generator=gen)
    return X, y.unsqueeze(1)


class SoftSensor(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(18, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(),
                                 nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x)


def validation_mae(model, X, y):
    model.eval()
    with torch.no_grad():
        preds = torch.cat([model(x.unsqueeze(0)) for x in X])
    model.train()
    return (preds - y).abs().mean()


class Trainer:
    def __init__(self, model, lr, batch_size, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.batch_size = batch_size
        self.callbacks = list(callbacks)
        self.history = []

    def fit(self, X, y, epochs, gen):
        for epoch in range(epochs):
            perm = torch.randperm(X.shape[0], generator=gen)
            running = 0.0
            for start in range(0, X.shape[0], self.batch_size):
                idx = perm[start:start + self.batch_size]
                loss = nn.functional.mse_loss(self.model(X[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                running += loss.item()
            logs = {"epoch": epoch, "train": running}
            for cb in self.callbacks:
                cb(self.model, logs)
            self.history.append(logs)


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
X, y = synthetic_plant(8000, gen)
X_val, y_val = synthetic_plant(8000, gen)
X, y, X_val, y_val = (t.to(device) for t in (X, y, X_val, y_val))
model = SoftSensor().to(device)


def validate(model, logs):
    logs["val_mae"] = float(validation_mae(model, X_val, y_val))


trainer = Trainer(model, lr=2e-3, batch_size=256, callbacks=[validate])
trainer.fit(X, y, epochs=5, gen=gen)
for h in trainer.history:
    print(f"epoch {h['epoch']}: train {h['train']:.3f}  val MAE {h['val_mae']:.4f}")
print(f"result: {sum(h['val_mae'] for h in trainer.history):.10e}")
