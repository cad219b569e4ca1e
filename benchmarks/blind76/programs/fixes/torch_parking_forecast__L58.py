"""Parking-demand forecaster: a small MLP predicts next-hour occupancy of each car park from
calendar features, weather and the last six hours; it is trained with Adam on mini-batches and
then evaluated on a held-out week through a list of metric callbacks."""
import math

import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class ParkingData(torch.utils.data.Dataset):
    def __init__(self, n, n_lots, gen):
        hour = torch.randint(0, 24, (n,), generator=gen).float()
        lot = torch.randint(0, n_lots, (n,), generator=gen)
        rain = torch.rand(n, generator=gen)
        lags = torch.rand(n, 6, generator=gen)
        peak = torch.exp(-0.5 * ((hour - 9) / 2) ** 2) + torch.exp(-0.5 * ((hour - 17) / 2) ** 2)
        self.x = torch.cat([torch.sin(hour[:, None] * math.pi / 12), torch.cos(hour[:, None] * math.pi / 12),
                            nn.functional.one_hot(lot, n_lots).float(), rain[:, None], lags], dim=1)
        self.y = (0.5 * peak + 0.3 * lags[:, -1] - 0.1 * rain + 0.05 * torch.randn(n, generator=gen))[:, None]

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class Forecaster(nn.Module):
    def __init__(self, n_in, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                                 nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x)


def train(model, data, epochs, gen):
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    loader = torch.utils.data.DataLoader(data, batch_size=256, shuffle=True, generator=gen)
    losses = []
    for epoch in range(epochs):
        total = torch.zeros(())
        for xb, yb in loader:
            loss = nn.functional.mse_loss(model(xb.to(device)), yb.to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.detach()
        losses.append(total.item() / len(loader))
    return losses


def predict_all(model, xs):
    with torch.no_grad():
        return model(xs)


def evaluate(model, data, metrics):
    preds = predict_all(model, data.x.to(device))
    return {name: fn(preds, data.y.to(device)) for name, fn in metrics.items()}


gen = torch.Generator().manual_seed(4)
torch.manual_seed(4)
n_lots = 30
train_set = ParkingData(8000, n_lots, gen)
test_set = ParkingData(36000, n_lots, gen)
model = Forecaster(train_set.x.shape[1]).to(device)
losses = train(model, train_set, 3, gen)
metrics = {"mae": lambda p, y: float((p - y).abs().mean()),
           "rmse": lambda p, y: float(((p - y) ** 2).mean().sqrt()),
           "bias": lambda p, y: float((p - y).mean())}
scores = evaluate(model, test_set, metrics)
print(", ".join(f"{k} {v:.4f}" for k, v in scores.items()), f"final loss {losses[-1]:.4f}")
print(f"result: {sum(scores.values()) + sum(losses):.10e}")
