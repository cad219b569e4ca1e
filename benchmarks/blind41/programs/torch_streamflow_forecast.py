# ruff: noqa
"""Next-day streamflow forecasting for a network of river gauges: builds lagged windows of
precipitation, temperature and flow for each gauge, trains a small MLP on all gauges together,
then forecasts every window of the evaluation period gauge by gauge and scores each gauge with
the Nash-Sutcliffe efficiency."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


@dataclass
class Config:
    n_gauges: int = 60
    n_days: int = 1600
    lag: int = 14
    hidden: int = 64
    epochs: int = 3
    batch: int = 512
    lr: float = 2e-3
    eval_days: int = 800


def synth_forcing(cfg, g):
    t = torch.arange(cfg.n_days, dtype=torch.float32)
    season = torch.sin(2 * torch.pi * t / 365.0)
    precip = torch.relu(torch.randn(cfg.n_gauges, cfg.n_days, generator=g) * 1.5 + 0.3 * season)
    temp = 10 + 8 * season + torch.randn(cfg.n_gauges, cfg.n_days, generator=g)
    flow = torch.zeros(cfg.n_gauges, cfg.n_days)
    k = 0.85 + 0.1 * torch.rand(cfg.n_gauges, generator=g)
    for d in range(1, cfg.n_days):
        flow[:, d] = k * flow[:, d - 1] + 0.3 * precip[:, d] - 0.01 * torch.relu(temp[:, d] - 15)
    return precip, temp, torch.relu(flow)


class GaugeWindows:
    def __init__(self, precip, temp, flow, lag):
        feats = torch.stack([precip, temp / 10, flow], dim=-1)
        win = feats.unfold(1, lag, 1)[:, :-1]
        self.x = win.reshape(win.shape[0], win.shape[1], -1)
        self.y = flow[:, lag:]

    def split(self, eval_days):
        return (self.x[:, :-eval_days], self.y[:, :-eval_days]), (self.x[:, -eval_days:], self.y[:, -eval_days:])


class FlowNet(nn.Module):
    def __init__(self, n_in, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                                  nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


class Trainer:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)

    def fit(self, x, y, g):
        x, y = x.reshape(-1, x.shape[-1]), y.reshape(-1)
        for epoch in range(self.cfg.epochs):
            perm = torch.randperm(len(x), generator=g)
            for i in range(0, len(x), self.cfg.batch):
                idx = perm[i:i + self.cfg.batch]
                loss = nn.functional.mse_loss(self.model(x[idx]), y[idx])
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
        return loss.detach()

    @torch.no_grad()
    def forecast(self, windows):
        return torch.stack([self.model(w.unsqueeze(0))[0] for w in windows])


def nse(sim, obs):
    return 1 - ((sim - obs) ** 2).sum() / ((obs - obs.mean()) ** 2).sum()


cfg = Config()
g = torch.Generator().manual_seed(8)
torch.manual_seed(8)
precip, temp, flow = synth_forcing(cfg, g)
data = GaugeWindows(precip, temp, flow, cfg.lag)
(xtr, ytr), (xev, yev) = data.split(cfg.eval_days)
model = FlowNet(xtr.shape[-1], cfg.hidden).to(device)
trainer = Trainer(model, cfg)
last_loss = trainer.fit(xtr.to(device), ytr.to(device), g)
scores = []
for gauge in range(cfg.n_gauges):
    sim = trainer.forecast(xev[gauge].to(device))
    scores.append(nse(sim, yev[gauge].to(device)).item())
print("median NSE:", round(sorted(scores)[len(scores) // 2], 4), "final loss:", round(float(last_loss), 5))
print(f"result: {sum(scores) + float(last_loss):.10e}")
