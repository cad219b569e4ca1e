# ruff: noqa
"""Ski-jumping competition scoring: a small network trained on past jumps predicts the style
points the judges would give from in-flight telemetry, the wind and gate compensation is applied,
and the rounds are ranked."""
from dataclasses import dataclass

import torch
import torch.nn as nn

torch.manual_seed(88)
N_FEATURES = 24


@dataclass
class Jump:
    athlete: int
    distance: float
    wind: float
    gate: int
    telemetry: torch.Tensor


class StyleJudge(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(N_FEATURES, 64), nn.Tanh(), nn.Linear(64, 32), nn.Tanh(), nn.Linear(32, 1))

    def forward(self, x):
        return 15.0 + 5.0 * torch.sigmoid(self.net(x)).squeeze(-1)


class Competition:
    def __init__(self, judge, k_point=120.0, meter_value=1.8):
        self.judge = judge
        self.k_point = k_point
        self.meter_value = meter_value

    def style_points(self, jump):
        return self.judge(jump.telemetry.unsqueeze(0))[0]

    def score_round(self, jumps):
        with torch.no_grad():
            style = self.judge(torch.stack([j.telemetry for j in jumps]))
        dist = torch.tensor([j.distance for j in jumps])
        wind = torch.tensor([j.wind for j in jumps])
        gate = torch.tensor([float(j.gate) for j in jumps])
        points = 60.0 + (dist - self.k_point) * self.meter_value - 8.0 * wind + 6.5 * (gate - 12.0)
        return points + 3.0 * style


def train_judge(judge, n=40_000, epochs=3):
    x = torch.randn(n, N_FEATURES)
    y = 15.0 + 5.0 * torch.sigmoid(x[:, :4].sum(1) * 0.5 - x[:, 4] * 0.3)
    for epoch in range(epochs):
        perm = torch.randperm(n)
        for b in range(0, n, 512):
            idx = perm[b:b + 512]
            loss = ((judge(x[idx]) - y[idx]) ** 2).mean()
            judge.zero_grad()
            loss.backward()
            with torch.no_grad():
                for p in judge.parameters():
                    p -= 0.05 * p.grad
        print(f"epoch {epoch}: loss {loss.item():.4f}")


judge = StyleJudge()
train_judge(judge)
comp = Competition(judge)
totals = torch.zeros(300)
for rnd in range(2):
    for hill in range(20):
        dists, winds = (118.0 + 9.0 * torch.randn(300)).tolist(), (0.8 * torch.randn(300)).tolist()
        jumps = [Jump(a, dists[a], winds[a], 10 + a % 5, torch.randn(N_FEATURES)) for a in range(300)]
        totals += comp.score_round(jumps)
best = torch.argsort(totals, descending=True)[:3]
print("podium:", best.tolist())
print(f"result: {totals.sum().item():.10e}")
