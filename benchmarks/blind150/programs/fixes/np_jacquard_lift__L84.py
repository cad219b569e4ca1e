# ruff: noqa
"""Jacquard lift plan for a damask panel: a greyscale design is smoothed, each pixel's shade is
translated into one of five weave structures (plain, twill, satin...), the structures are tiled
into the panel's lift plan (which warp ends are raised at each pick), and the float lengths and
warp/weft balance of the resulting cloth are checked."""
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class ShadeScale:
    cuts: tuple = (0.18, 0.36, 0.55, 0.74)
    gamma: float = 1.4

    def structure(self, shade):
        s = shade ** self.gamma
        if s < self.cuts[0]:
            return 0
        if s < self.cuts[1]:
            return 1
        if s < self.cuts[2]:
            return 2
        if s < self.cuts[3]:
            return 3
        return 4


def structures(size):
    units = np.zeros((5, size, size), dtype=np.int8)
    for k, step in enumerate((0, 1, 2, 3, 5)):
        for i in range(size):
            units[k, i, (i * (step + 1)) % size] = 1 if k else 0
            if k == 0:
                units[k, i, i % 2 :: 2] = 1
    return units


class Loom:
    def __init__(self, ends, picks, unit=8):
        self.ends, self.picks, self.unit = ends, picks, unit
        self.units = structures(unit)
        self.on_panel = []

    def weave(self, design):
        rows, cols = np.indices((self.picks, self.ends))
        plan = self.units[design, rows % self.unit, cols % self.unit]
        for hook in self.on_panel:
            hook(plan)
        return plan


def smooth(img, passes):
    for _ in range(passes):
        img = 0.2 * (img + np.roll(img, 1, 0) + np.roll(img, -1, 0) + np.roll(img, 1, 1) + np.roll(img, -1, 1))
    return img


def float_lengths(plan):
    longest = np.zeros(plan.shape[0], dtype=np.int64)
    run = np.zeros(plan.shape[0], dtype=np.int64)
    for c in range(plan.shape[1]):
        run = np.where(plan[:, c] == 0, run + 1, 0)
        longest = np.maximum(longest, run)
    return longest


rng = np.random.default_rng(5)
picks, ends = 640, 960
scale = ShadeScale()
loom = Loom(ends, picks)
report = {}
loom.on_panel.append(lambda plan: report.setdefault("balance", plan.mean(axis=0)))
loom.on_panel.append(lambda plan: report.setdefault("floats", float_lengths(plan)))
total = 0.0
for panel in range(3):
    design = smooth(rng.random((picks, ends)), passes=40)
    design = (design - design.min()) / (design.max() - design.min())
    to_structure = np.vectorize(scale.structure, otypes=[np.int64])
    chosen = to_structure(design)
    report.clear()
    plan = loom.weave(chosen)
    total += plan.sum() + np.bincount(chosen.ravel(), minlength=5) @ np.arange(5)
    total += float(report["balance"].reshape(-1, 4).mean(axis=0).sum())
print(f"longest float {report['floats'].max()} picks, mean lift {report['balance'].mean():.4f}")
print(f"result: {total + report['floats'].sum():.10e}")
