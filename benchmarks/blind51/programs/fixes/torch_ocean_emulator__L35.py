# ruff: noqa
"""Neural emulator of a mixed-layer ocean model: an MLP learns to predict next-day sea-surface
temperature anomalies from local forcing (wind stress, heat flux, mixed-layer depth, previous
anomaly), with a validation callback that scores every epoch on held-out stations."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def synth_stations(n, gen):
    x = torch.randn(n, 6, generator=gen)
    y = 0.8 * x[:, 0] - 0.3 * x[:, 1] * x[:, 2] + 0.1 * torch.tanh(x[:, 3]) + 0.05 * x[:, 4:].sum(1)
    return x, y[:, None]


class Emulator(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, width), nn.GELU(), nn.Linear(width, width), nn.GELU(),
                                 nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x)


class Validator:
    def __init__(self, x, y):
        self.x, self.y = x.to(device), y.to(device)
        self.scores = []

    @torch.no_grad()
    def __call__(self, model, epoch):
        model.eval()
        preds = model(self.x)
        rmse = torch.sqrt(torch.mean((preds - self.y) ** 2))
        self.scores.append(rmse)
        model.train()


class Trainer:
    def __init__(self, model, callbacks, lr=2e-3):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.callbacks = callbacks

    def fit(self, x, y, epochs, batch=256):
        losses = []
        for epoch in range(epochs):
            perm = torch.randperm(x.shape[0], generator=torch.Generator().manual_seed(epoch))
            total = torch.zeros(())
            for i in range(0, x.shape[0], batch):
                idx = perm[i:i + batch]
                loss = nn.functional.mse_loss(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
                total += loss.detach()
            losses.append(total.item())
            for cb in self.callbacks:
                cb(self.model, epoch)
        return losses


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
x_train, y_train = synth_stations(20000, gen)
x_val, y_val = synth_stations(4000, gen)
model = Emulator().to(device)
validator = Validator(x_val, y_val)
losses = Trainer(model, [validator]).fit(x_train.to(device), y_train.to(device), epochs=5)
scores = torch.stack(validator.scores)
print("val rmse per epoch:", [round(float(s), 4) for s in scores])
print(f"result: {sum(losses) + float(scores.sum()):.10e}")
