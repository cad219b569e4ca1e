"""Beer quality regression for a brewery: a small MLP learns a tasting-panel score from
fermentation-log features (gravity curve, temperatures, pH, hop additions); a trainer runs the
epochs and calls evaluation callbacks that report validation error after each epoch."""
import torch
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"


def make_data(n, d, g):
    x = torch.randn(n, d, generator=g)
    w = torch.randn(d, 1, generator=g) / d**0.5
    y = torch.tanh(x @ w) * 2.0 + 0.3 * (x[:, :1] ** 2) + 0.05 * torch.randn(n, 1, generator=g)
    return x, y


class QualityModel(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 64), nn.GELU(), nn.Linear(64, 64), nn.GELU(), nn.Linear(64, 1))

    def forward(self, x):
        return self.net(x)


class Trainer:
    def __init__(self, model, lr, callbacks=()):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = list(callbacks)
        self.history = []

    def fit(self, x, y, epochs, batch):
        n = x.shape[0]
        g = torch.Generator().manual_seed(1)
        for epoch in range(epochs):
            perm = torch.randperm(n, generator=g)
            running = torch.zeros(())
            for i in range(0, n, batch):
                idx = perm[i : i + batch]
                loss = nn.functional.mse_loss(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                running += loss.detach() * idx.numel()
            self.history.append(running.item() / n)
            for cb in self.callbacks:
                cb(self, epoch)


def validation_callback(xv, yv, log):
    def on_epoch_end(trainer, epoch):
        model = trainer.model
        with torch.no_grad():
            preds = model(xv)
        log.append(float((preds - yv).abs().mean()))

    return on_epoch_end


g = torch.Generator().manual_seed(42)
x, y = make_data(8_000, 24, g)
xv, yv = make_data(4_000, 24, g)
x, y, xv, yv = (t.to(device) for t in (x, y, xv, yv))
val_log = []
trainer = Trainer(QualityModel(24).to(device), lr=2e-3, callbacks=[validation_callback(xv, yv, val_log)])
trainer.fit(x, y, epochs=10, batch=256)
print("train loss per epoch:", [round(v, 4) for v in trainer.history])
print("val MAE per epoch:", [round(v, 4) for v in val_log])
print(f"result: {sum(val_log) + sum(trainer.history):.8e}")
