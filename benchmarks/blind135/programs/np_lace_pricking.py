# ruff: noqa
"""Bobbin-lace pricking planner: lays out the pin grid of a torchon ground for a batch of
edging patterns, follows each pair of bobbins along its path through the grid, estimates the
thread tension the pair carries at every pin, and reports how much thread each pattern takes
and which patterns need the heaviest bobbins."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class PairPath:
    pair_id: int
    pins: np.ndarray
    tension: np.ndarray

    @property
    def total_tension(self):
        return sum(self.tension)

    @property
    def length_cm(self):
        steps = np.diff(self.pins, axis=0)
        return float(np.hypot(steps[:, 0], steps[:, 1]).sum())


@dataclass
class Pattern:
    name: str
    angle_deg: float
    pairs: list = field(default_factory=list)

    def heaviest_pair(self):
        return max(self.pairs, key=lambda p: p.total_tension)


def pricking_grid(n_rows, n_cols, angle_deg, spacing=0.25):
    a = np.deg2rad(angle_deg)
    r, c = np.meshgrid(np.arange(n_rows), np.arange(n_cols), indexing="ij")
    x = spacing * (c + 0.5 * (r % 2))
    y = spacing * r * np.tan(a)
    return np.stack([x.ravel(), y.ravel()], axis=1)


def follow_pair(grid, n_cols, start, n_pins, rng):
    cols = start + np.cumsum(rng.choice([-1, 1], size=n_pins))
    cols = np.abs(cols) % n_cols
    rows = np.arange(n_pins)
    return grid[rows * n_cols + cols]


def pair_tension(pins, twist):
    steps = np.diff(pins, axis=0, prepend=pins[:1])
    bend = np.abs(np.arctan2(steps[:, 1], steps[:, 0] + 1e-9))
    return 0.8 + 0.3 * np.sin(bend * twist) ** 2 + 0.05 * np.cos(pins[:, 0])


def plan(n_patterns, n_pairs, n_pins, n_cols, rng):
    patterns = []
    summary = np.empty((0, 3))
    for k in range(n_patterns):
        angle = float(rng.uniform(40.0, 60.0))
        grid = pricking_grid(n_pins, n_cols, angle)
        pat = Pattern(name=f"edging-{k:03d}", angle_deg=angle)
        for j in range(n_pairs):
            pins = follow_pair(grid, n_cols, j % n_cols, n_pins, rng)
            pat.pairs.append(PairPath(j, pins, pair_tension(pins, 1.0 + 0.1 * (j % 7))))
        heavy = pat.heaviest_pair()
        thread = sum(p.length_cm for p in pat.pairs)
        summary = np.append(summary, [[angle, heavy.total_tension, thread]], axis=0)
        patterns.append(pat)
    return patterns, summary


rng = np.random.default_rng(11)
patterns, summary = plan(n_patterns=110, n_pairs=40, n_pins=1200, n_cols=24, rng=rng)
worst = np.argsort(summary[:, 1])[-3:]
for i in worst:
    print(f"{patterns[i].name}: angle {summary[i, 0]:.1f}, heaviest pair tension {summary[i, 1]:.2f}")
print(f"thread total: {summary[:, 2].sum():.1f} cm")
print(f"result: {summary.sum():.10e}")
