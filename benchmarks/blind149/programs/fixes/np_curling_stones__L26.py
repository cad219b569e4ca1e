# ruff: noqa
"""Curling delivery simulator for an ice crew: sixteen stones per end slide down a sheet whose
pebble wears where they pass, friction rises with the wear, and each end is scored by the stones
left in the house. Reports the points per end and the wear map after a full game."""
from dataclasses import dataclass, field

import numpy as np

BUTTON_X = 34.75
HOUSE_R = 1.83


@dataclass
class Sheet:
    length: float = 45.72
    n_bands: int = 1200
    base_mu: float = 0.0168
    wear: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def __post_init__(self):
        rng = np.random.default_rng(11)
        self.wear = rng.uniform(0.0, 0.02, self.n_bands)

    @property
    def pebble_load(self):
        return float(self.wear.sum()) / self.n_bands

    def band_of(self, x):
        idx = (x / self.length * self.n_bands).astype(np.int64)
        return np.clip(idx, 0, self.n_bands - 1)

    def friction(self, x):
        local = self.wear[self.band_of(x)]
        return self.base_mu * (1.0 + local) * (1.0 + 0.5 * self.pebble_load)

    def scrape(self, x):
        np.add.at(self.wear, self.band_of(x), 2e-6)


@dataclass
class EndResult:
    x: np.ndarray
    y: np.ndarray
    points: int


def deliver_end(sheet, rng, n_stones=16, dt=0.01, max_steps=2200):
    x = np.zeros(n_stones)
    y = rng.normal(0.0, 0.25, n_stones)
    v = rng.uniform(3.3, 3.5, n_stones)
    spin = rng.choice([-1.0, 1.0], n_stones)
    step = 0
    while step < max_steps and np.any(v > 0.0):
        mu = sheet.friction(x)
        v = np.maximum(v - mu * 9.81 * dt, 0.0)
        x += v * dt
        y += spin * 0.004 * dt / (v + 0.2)
        sheet.scrape(x[v > 0.0])
        step += 1
    r = np.hypot(x - BUTTON_X, y)
    team = np.arange(n_stones) % 2
    inside = r < HOUSE_R
    if not inside.any():
        return EndResult(x, y, 0)
    order = np.argsort(r)
    lead = team[order[0]]
    pts = 0
    for k in order:
        if not inside[k] or team[k] != lead:
            break
        pts += 1
    return EndResult(x, y, pts if lead == 0 else -pts)


def play_game(n_ends, seed):
    rng = np.random.default_rng(seed)
    sheet = Sheet()
    end_scores = np.zeros(0, dtype=np.int64)
    spread = 0.0
    for _ in range(n_ends):
        res = deliver_end(sheet, rng)
        end_scores = np.append(end_scores, res.points)
        spread += float(np.std(res.x) + np.std(res.y))
    return sheet, end_scores, spread


sheet, end_scores, spread = play_game(6, seed=2026)
print("points per end:", " ".join(f"{p:+d}" for p in end_scores))
print(f"total: {int(end_scores.sum()):+d}  mean wear: {sheet.wear.mean():.5f}  spread: {spread:.3f}")
print(f"result: {sheet.wear.sum() * 1000 + spread + end_scores.sum():.10e}")
