# ruff: noqa
"""Vehicle-deck loading plan for a ferry crossing: for each sailing of a simulated week, the
vehicles booked on it are scored by a small learned lane-assignment model (lengths, weights,
axle counts, destination ramp...), assigned to the deck's lanes greedily by score, and the
sailing's trim (longitudinal balance) is computed. The model's weights are fitted first on a
history of past loadings."""
from dataclasses import dataclass

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 12
N_LANES = 8
SAILINGS_PER_DAY = 20
DAYS = 7


@dataclass
class Sailing:
    day: int
    departure: str
    vehicles: torch.Tensor  # (n, N_FEATURES)


class LaneScorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(N_FEATURES, N_LANES)

    def forward(self, x):
        return self.proj(x)


class DeckPlanner:
    def __init__(self, scorer, lane_arms):
        self.weight = scorer.proj.weight.detach()
        self.bias = scorer.proj.bias.detach()
        self.lane_arms = lane_arms  # lever arm of each lane's centre, metres from midships

    def lane_scores(self, vehicles):
        rows = map(lambda v: torch.mv(self.weight, v) + self.bias, vehicles)
        return torch.stack(list(rows))

    def plan(self, sailing):
        scores = self.lane_scores(sailing.vehicles)
        lane = scores.argmax(dim=1)
        mass = sailing.vehicles[:, 1].abs() + 1.0
        load = torch.zeros(N_LANES).index_add_(0, lane, mass)
        trim = (load * self.lane_arms).sum() / load.sum()
        return lane, load, trim


def fit_scorer(history_x, history_lane, epochs=60):
    torch.manual_seed(3)
    model = LaneScorer().to(device)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        model.zero_grad()
        loss = loss_fn(model(history_x), history_lane)
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= 0.5 * p.grad
        if epoch % 20 == 0:
            print(f"epoch {epoch}: loss {loss.item():.4f}")
    return model


def make_week(gen):
    sailings = []
    for day in range(DAYS):
        for s in range(SAILINGS_PER_DAY):
            n = int(torch.randint(1100, 1500, (1,), generator=gen))
            v = torch.randn(n, N_FEATURES, generator=gen)
            sailings.append(Sailing(day=day, departure=f"{5 + s // 2}:{15 + 30 * (s % 2)}", vehicles=v.to(device)))
    return sailings


gen = torch.Generator().manual_seed(11)
history_x = torch.randn(20000, N_FEATURES, generator=gen)
true_w = torch.randn(N_FEATURES, N_LANES, generator=gen)
history_lane = (history_x @ true_w).argmax(dim=1)
scorer = fit_scorer(history_x.to(device), history_lane.to(device))
lane_arms = torch.linspace(-21.0, 21.0, N_LANES, device=device)
planner = DeckPlanner(scorer, lane_arms)
week = make_week(gen)
trims, loads = [], torch.zeros(N_LANES, device=device)
for day in range(DAYS):
    today = [s for s in week if s.day == day]
    day_trims = []
    for sailing in today:
        lane, load, trim = planner.plan(sailing)
        loads += load
        day_trims.append(trim)
    worst = torch.stack(day_trims).abs().max()
    print(f"day {day}: {len(today)} sailings, worst trim {worst:.3f} m")
    trims.extend(day_trims)
trims = torch.stack(trims)
print(f"result: {float(trims.abs().sum()) + float(loads.sum()) / 1000.0:.10e}")
