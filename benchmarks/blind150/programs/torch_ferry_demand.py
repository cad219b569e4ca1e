# ruff: noqa
"""Ferry demand forecasting for a small island network: a linear-softplus model of car and foot
bookings per sailing is fitted on two synthetic years of sailings (calendar, weather and event
features), then scores every sailing of the coming season and flags the ones expected to run
over capacity."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class Season:
    days: int
    sailings_per_day: int
    n_features: int


def make_features(season, gen):
    n = season.days * season.sailings_per_day
    x = torch.randn(n, season.n_features, generator=gen)
    hour = torch.arange(n) % season.sailings_per_day
    x[:, 0] = torch.sin(hour / season.sailings_per_day * 6.283)
    return x.to(device)


class DemandModel(torch.nn.Module):
    def __init__(self, n_features, n_out=2):
        super().__init__()
        self.W = torch.nn.Parameter(0.01 * torch.randn(n_out, n_features))
        self.b = torch.nn.Parameter(torch.zeros(n_out))

    def forward(self, x):
        return F.softplus(x @ self.W.T + self.b)

    def score_sailing(self, features):
        return F.softplus(torch.mv(self.W, features) + self.b)


def fit(model, x, y, epochs, batch, lr=0.05):
    params = list(model.parameters())
    for epoch in range(epochs):
        perm = torch.randperm(len(x), generator=torch.Generator().manual_seed(epoch))
        for i in range(0, len(x), batch):
            idx = perm[i : i + batch]
            loss = F.poisson_nll_loss(model(x[idx]), y[idx], log_input=False)
            grads = torch.autograd.grad(loss, params)
            with torch.no_grad():
                for p, g in zip(params, grads):
                    p -= lr * g
        if epoch % 5 == 4:
            print(f"epoch {epoch + 1}: loss {loss.item():.4f}")
    return model


class Scheduler:
    def __init__(self, model, capacity):
        self.model = model
        self.capacity = capacity

    def day_forecast(self, day_features):
        with torch.no_grad():
            return torch.stack(list(map(self.model.score_sailing, day_features)))

    def season(self, features, per_day):
        over = torch.zeros((), dtype=torch.int64, device=features.device)
        total = torch.zeros(2, device=features.device)
        for day in features.split(per_day):
            pred = self.day_forecast(day)
            over += (pred[:, 0] > self.capacity).sum()
            total += pred.sum(0)
        return int(over), total


gen = torch.Generator().manual_seed(2)
history = Season(days=730, sailings_per_day=24, n_features=40)
x = make_features(history, gen)
true_w = torch.randn(40, 2, generator=gen).to(device) * 0.3
y = torch.poisson(F.softplus(x @ true_w + 3.0), generator=None if device == "cuda" else gen)
torch.manual_seed(0)
model = fit(DemandModel(40).to(device), x, y, epochs=10, batch=512)
coming = make_features(Season(days=5000, sailings_per_day=24, n_features=40), gen)
over, total = Scheduler(model, capacity=5.0).season(coming, 24)
print(f"{over} sailings over capacity, forecast {total[0]:.0f} cars and {total[1]:.0f} foot")
print(f"result: {float(total.sum()) + over:.10e}")
