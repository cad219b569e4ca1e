# ruff: noqa
"""Daily-loans forecast for a library system's branches: a small MLP (torch, CPU) is trained on
three years of synthetic daily checkout counts, with the last two weeks' loans, the branch and the
day's opening hours (from the branches' timetable and holiday closures) as features. Prints the
validation error on the last eight weeks and the forecast total for the final week."""
import math
from dataclasses import dataclass

import torch
from torch import nn

BRANCHES = ("Central", "Eastside", "Harbor", "Millbrook", "North Hill", "Oak Park", "Riverside", "Westgate")
DAYS = 1095
LAGS = 14
VALID_DAYS = 56
HOLIDAYS = {0, 20, 48, 146, 185, 244, 314, 327, 328, 358, 359, 364}
STEPS = 1400
BATCH = 128
EVAL_EVERY = 200


def opening_hours(branch, day):
    weekday = day % 7
    if day % 365 in HOLIDAYS:
        return 0.0
    if weekday == 6:
        return 0.0 if branch % 3 else 4.0
    if weekday == 5:
        return 6.0
    return 12.0 if branch == 0 else 9.0 - 0.5 * (branch % 2)


# the branches' timetable as the scheduling sheet has it: one row per day, one column per branch
OPEN_HOURS = [[opening_hours(b, d) for b in range(len(BRANCHES))] for d in range(DAYS)]


@dataclass
class Split:
    days: torch.Tensor
    branches: torch.Tensor

    def __len__(self):
        return len(self.days)


def simulate_loans(gen):
    hours = torch.tensor(OPEN_HOURS, dtype=torch.float32)
    base = torch.tensor([420.0, 160.0, 95.0, 130.0, 210.0, 80.0, 150.0, 115.0])
    day = torch.arange(DAYS, dtype=torch.float32)[:, None]
    season = 1.0 + 0.25 * torch.cos(2 * math.pi * (day - 15.0) / 365.0) + 0.0002 * day
    rate = base * season * hours / 9.0
    return torch.poisson(rate, generator=gen)


def features(loans, days, branches):
    hours = torch.tensor(OPEN_HOURS)[days, branches]
    lag_days = days[:, None] - torch.arange(1, LAGS + 1)
    lags = torch.log1p(loans[lag_days, branches[:, None]])
    weekday = nn.functional.one_hot(days % 7, 7).float()
    branch = nn.functional.one_hot(branches, len(BRANCHES)).float()
    return torch.cat([lags, (hours / 12.0)[:, None], weekday, branch], dim=1)


def make_model():
    return nn.Sequential(nn.Linear(LAGS + 1 + 7 + len(BRANCHES), 48), nn.Tanh(), nn.Linear(48, 1))


def batches(split, gen):
    while True:
        idx = torch.randint(len(split), (BATCH,), generator=gen)
        yield split.days[idx], split.branches[idx]


torch.manual_seed(169)
gen = torch.Generator().manual_seed(169)
loans = simulate_loans(gen)
grid_days, grid_branches = torch.meshgrid(torch.arange(LAGS, DAYS), torch.arange(len(BRANCHES)), indexing="ij")
grid_days, grid_branches = grid_days.reshape(-1), grid_branches.reshape(-1)
is_valid = grid_days >= DAYS - VALID_DAYS
train = Split(grid_days[~is_valid], grid_branches[~is_valid])
valid = Split(grid_days[is_valid], grid_branches[is_valid])
valid_x = features(loans, valid.days, valid.branches)
valid_y = torch.log1p(loans[valid.days, valid.branches])

model = make_model()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
history = []
for step, (days, branches) in zip(range(STEPS), batches(train, gen)):
    x = features(loans, days, branches)
    y = torch.log1p(loans[days, branches])
    loss = nn.functional.mse_loss(model(x).squeeze(1), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if (step + 1) % EVAL_EVERY == 0:
        with torch.no_grad():
            inputs = valid_x.clone()
            pred = torch.expm1(model(inputs).squeeze(1))
            history.append(float((pred - torch.expm1(valid_y)).abs().mean()))

with torch.no_grad():
    last_week = valid.days >= DAYS - 7
    forecast = torch.expm1(model(valid_x[last_week]).squeeze(1)).sum()
print(f"result: {history[-1] + min(history) + forecast.item():.10e}")  # mae + best mae + week total
