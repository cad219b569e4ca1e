# ruff: noqa
"""Cell tracking across a synthetic time-lapse: detected nuclei are registered to the first
frame (drift and stage rotation corrected with each frame's affine estimate), then linked to the
previous frame's cells by nearest neighbour within a gating distance; track lengths and mean
speeds are reported."""
import numpy as np
from scipy.spatial import cKDTree


def stage_transform(t):
    a = 0.0004 * t
    A = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) * (1.0 + 1e-5 * t)
    b = np.array([0.3 * t, -0.2 * t])
    return A, b


def register(cents, A, b):
    return np.array([A @ c + b for c in cents])


def link(prev, cur, gate):
    dist, j = cKDTree(prev).query(cur, distance_upper_bound=gate)
    return np.where(np.isfinite(dist), j, -1)


class Tracker:
    def __init__(self, gate):
        self.gate = gate
        self.prev = None
        self.ids = None
        self.next_id = 0
        self.paths = {}

    def update(self, t, pts):
        if self.prev is None:
            ids = np.arange(len(pts))
            self.next_id = len(pts)
        else:
            j = link(self.prev, pts, self.gate)
            ids = np.where(j >= 0, self.ids[np.maximum(j, 0)], -1)
            new = ids < 0
            ids[new] = self.next_id + np.arange(new.sum())
            self.next_id += int(new.sum())
        for i, p in zip(ids.tolist(), pts):
            self.paths.setdefault(i, []).append(p)
        self.prev, self.ids = pts, ids


rng = np.random.default_rng(3)
n_cells, n_frames = 2500, 160
true = rng.uniform(0, 5000, size=(n_cells, 2))
vel = rng.normal(0, 0.8, size=(n_cells, 2))
tracker = Tracker(gate=6.0)
for t in range(n_frames):
    true = true + vel + rng.normal(0, 0.3, size=true.shape)
    A, b = stage_transform(t)
    Ainv = np.linalg.inv(A)
    seen = (true - b) @ Ainv.T + rng.normal(0, 0.2, size=true.shape)
    keep = rng.random(n_cells) > 0.02
    tracker.update(t, register(seen[keep], A, b))
lengths = np.array([len(p) for p in tracker.paths.values()])
longest = sorted(tracker.paths, key=lambda i: -len(tracker.paths[i]))[:20]
speeds = [np.linalg.norm(np.diff(np.array(tracker.paths[i]), axis=0), axis=1).mean() for i in longest]
print(f"{len(lengths)} tracks, median length {np.median(lengths):.0f}, mean speed {np.mean(speeds):.3f}")
print(f"result: {lengths.sum() + np.sum(speeds) + lengths.max():.10e}")
