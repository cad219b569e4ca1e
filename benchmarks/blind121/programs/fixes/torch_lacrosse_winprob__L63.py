# ruff: noqa
"""Live win-probability model for the regional lacrosse league: trains a small network on past
game states (score margin, time left, possession, shot clock, penalties), then replays this
season's play-by-play through it and prints each team's biggest comebacks and its mean
pre-game win probability."""
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_FEATURES = 8
TEAMS = ["Ravens", "Ironhawks", "Tide", "Foxes", "Granite", "Comets", "Lumberjacks", "Owls"]


@dataclass
class TrainConfig:
    epochs: int = 10
    batch: int = 512
    lr: float = 0.2


class WinProb(nn.Module):
    def __init__(self, width=48):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(N_FEATURES, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(),
            nn.Linear(width, 1),
        )

    def forward(self, x):
        return torch.sigmoid(self.body(x)).squeeze(-1)


def synthetic_states(gen, n):
    x = torch.randn(n, N_FEATURES, generator=gen)
    x[:, 1] = torch.rand(n, generator=gen)
    logit = 1.6 * x[:, 0] * (1.5 - x[:, 1]) + 0.4 * x[:, 2] - 0.3 * x[:, 5]
    y = (torch.rand(n, generator=gen) < torch.sigmoid(logit)).float()
    return x, y


@torch.no_grad()
def sgd_step(model, lr):
    for p in model.parameters():
        p -= lr * p.grad
        p.grad = None


def train(model, x, y, cfg):
    loss_fn = nn.BCELoss()
    history = []
    for epoch in range(cfg.epochs):
        perm = torch.randperm(x.shape[0], generator=torch.Generator().manual_seed(epoch))
        total = torch.zeros(())
        for start in range(0, x.shape[0], cfg.batch):
            idx = perm[start:start + cfg.batch]
            loss = loss_fn(model(x[idx].to(device)), y[idx].to(device))
            loss.backward()
            sgd_step(model, cfg.lr)
            total += loss.detach().cpu()
        history.append(total)
    return torch.stack(history).tolist()


@torch.no_grad()
def state_prob(model, state):
    return model(state.unsqueeze(0))[0]


def replay_season(model, games):
    swings = {}
    for (home, away), states in games:
        probs = torch.stack(list(map(partial(state_prob, model), states.to(device))))
        swing = float((probs.max() - probs.min()).cpu())
        swings.setdefault(home, []).append(swing)
        swings.setdefault(away, []).append(-swing)
    return swings


def main():
    torch.manual_seed(5)
    gen = torch.Generator().manual_seed(5)
    model = WinProb().to(device)
    x, y = synthetic_states(gen, 20000)
    history = train(model, x, y, TrainConfig())
    games = []
    for g in range(56):
        home, away = TEAMS[g % 8], TEAMS[(g * 3 + 1) % 8]
        states, _ = synthetic_states(gen, 300)
        games.append(((home, away), states))
    swings = replay_season(model, games)
    with torch.no_grad():
        pre = model(torch.zeros(len(TEAMS), N_FEATURES, device=device)).cpu()
    for team in TEAMS:
        s = swings.get(team, [0.0])
        print(f"{team:>12}: biggest swing {max(s):.3f} over {len(s)} games")
    checksum = sum(sum(v) for v in swings.values()) + float(pre.sum()) + history[-1]
    print(f"result: {checksum:.10e}")


main()
