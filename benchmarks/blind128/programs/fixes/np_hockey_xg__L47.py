# ruff: noqa
"""Expected-goals model for an ice-hockey analytics group: synthetic shot events (distance, angle,
shot type, rebound, rush, game state...) are turned into features, a logistic regression is fitted
by gradient descent, and each team's expected goals are compared with its actual goals."""
from dataclasses import dataclass, field

import numpy as np

SHOT_TYPES = ["wrist", "slap", "snap", "backhand", "tip", "wrap"]
TEAMS = [f"team-{c}" for c in "ABCDEFGHIJKL"]


@dataclass
class ShotLog:
    distance: np.ndarray
    angle: np.ndarray
    kind: np.ndarray
    rebound: np.ndarray
    rush: np.ndarray
    strength: np.ndarray
    team: np.ndarray
    goal: np.ndarray


def synth_shots(n, rng):
    distance = rng.gamma(3.0, 10.0, size=n)
    angle = rng.uniform(-80, 80, size=n)
    kind = rng.integers(0, len(SHOT_TYPES), size=n)
    rebound = rng.random(n) < 0.12
    rush = rng.random(n) < 0.2
    strength = rng.choice([-1, 0, 1], size=n, p=[0.1, 0.75, 0.15])
    team = rng.integers(0, len(TEAMS), size=n)
    logit = -0.9 - 0.06 * distance - 0.015 * np.abs(angle) + 0.8 * rebound + 0.3 * rush + 0.4 * strength
    goal = rng.random(n) < 1.0 / (1.0 + np.exp(-logit))
    return ShotLog(distance, angle, kind, rebound, rush, strength, team, goal)


def features(log):
    onehot = np.eye(len(SHOT_TYPES))[log.kind]
    cols = [np.ones_like(log.distance), log.distance / 30.0, (log.distance / 30.0) ** 2,
            np.abs(log.angle) / 45.0, np.cos(np.radians(log.angle)), log.rebound * 1.0,
            log.rush * 1.0, log.strength * 1.0, (log.rebound & log.rush) * 1.0]
    return np.column_stack(cols + [onehot])


def linear_scores(X, w):
    return X @ w


def predict_proba(X, w):
    return 1.0 / (1.0 + np.exp(-linear_scores(X, w)))


@dataclass
class XGModel:
    lr: float = 0.5
    l2: float = 1e-3
    w: np.ndarray = field(default=None)

    def loss_grad(self, X, y):
        p = predict_proba(X, self.w)
        eps = 1e-12
        loss = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)) + self.l2 * self.w @ self.w
        grad = X.T @ (p - y) / len(y) + 2 * self.l2 * self.w
        return loss, grad

    def fit(self, X, y, epochs):
        self.w = np.zeros(X.shape[1])
        for epoch in range(epochs):
            loss, grad = self.loss_grad(X, y)
            self.w -= self.lr * grad
        return loss


class SeasonReport:
    def __init__(self, rng):
        self.rink_zones = rng.uniform(0.0, 1.0, size=(6, 6))

    def zone_heat(self, game):
        rink = self.rink_zones.copy()
        return float(rink[game % 6].sum())


rng = np.random.default_rng(31)
log = synth_shots(3000, rng)
X = features(log)
y = log.goal * 1.0
model = XGModel()
loss = model.fit(X, y, epochs=200)

xg = predict_proba(X, model.w)
team_xg = np.bincount(log.team, weights=xg, minlength=len(TEAMS))
team_goals = np.bincount(log.team, weights=y, minlength=len(TEAMS))
report = SeasonReport(rng)
heat = sum(report.zone_heat(g) for g in range(82))
for t in np.argsort(team_goals - team_xg)[:4]:
    print(f"{TEAMS[t]}: goals {team_goals[t]:.0f}, xG {team_xg[t]:.1f}")
print(f"log-loss {loss:.5f}")
print(f"result: {loss + team_xg.sum() + heat:.10e}")
