# ruff: noqa
"""Fish-farm growth forecasting: a small neural growth model (water temperature, oxygen,
feed ration, stocking density, fish weight -> daily weight gain) is fitted on synthetic
records, then used to project every fish in every pen week by week over a season, with a
feed-conversion report per pen."""
from dataclasses import dataclass

import torch
from torch import nn

torch.manual_seed(5)
DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")


@dataclass
class PenConfig:
    name: str
    temperature: float
    oxygen: float
    ration: float
    density: float


class GrowthModel(nn.Module):
    def __init__(self, n_in=5, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, hidden),
                                 nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, x):
        return nn.functional.softplus(self.net(x)).squeeze(-1)


def true_gain(x):
    temp, oxy, ration, dens, w = x.unbind(-1)
    return 0.02 * torch.exp(-((temp - 0.5) ** 2) / 0.1) * oxy * ration * (1.2 - 0.5 * dens) * (1.0 - 0.4 * w)


def fit(model, n=4096, epochs=30):
    x = torch.rand(n, 5, device=DEVICE)
    y = true_gain(x)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for epoch in range(epochs):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        if epoch % 10 == 9:
            print(f"epoch {epoch + 1}: mse {loss.item():.3e}")
    return model


class Pen:
    def __init__(self, cfg, n_fish, gen):
        self.cfg = cfg
        self.weights = 0.1 + 0.1 * torch.rand(n_fish, generator=gen)
        self.feed = 0.0

    def features(self):
        c = self.cfg
        env = torch.tensor([c.temperature, c.oxygen, c.ration, c.density])
        return torch.cat([env.expand(len(self.weights), 4), self.weights[:, None]], dim=1)

    def project_week(self, predict):
        gains = predict(self.features())
        self.weights = self.weights + 7.0 * gains
        self.feed += 7.0 * self.cfg.ration * float(self.weights.sum())


def per_fish(model):
    def predict(feats):
        return model(feats)
    return predict


model = fit(GrowthModel().to(DEVICE))
gen = torch.Generator().manual_seed(9)
pens = [Pen(PenConfig(f"pen-{i}", 0.3 + 0.05 * i, 0.8, 0.5 + 0.04 * i, 0.3 + 0.06 * i), 300, gen)
        for i in range(6)]
predict = per_fish(model.eval())
with torch.no_grad():
    for week in range(16):
        for pen in pens:
            pen.project_week(predict)
        if week % 4 == 3:
            mean_w = torch.stack([p.weights.mean() for p in pens]).mean().item()
            print(f"week {week + 1}: mean weight {mean_w:.4f}")
total = 0.0
for pen in pens:
    fcr = pen.feed / float(pen.weights.sum())
    total += float(pen.weights.sum()) + fcr
    print(f"{pen.cfg.name}: final mean {pen.weights.mean():.4f} kg, FCR {fcr:.3f}")
print(f"result: {total:.10e}")
