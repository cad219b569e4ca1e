# ruff: noqa
"""Stained-glass palette fitting: a synthetic window is cut into panes (Voronoi cells of random
lead-line seeds), each pane's glass colour is refined over several passes against a small
palette of available sheets, with a kiln correction that depends on how bright the pane is, and
the lead came needed around the panes is estimated at the end."""
from dataclasses import dataclass, field

import numpy as np

LUMA = np.array([0.2126, 0.7152, 0.0722])


@dataclass
class Pane:
    ident: int
    rgb: np.ndarray
    lum: np.ndarray = field(init=False, repr=False)
    colour: np.ndarray = field(init=False)

    def __post_init__(self):
        self.lum = self.rgb @ LUMA
        self.colour = self.rgb.mean(axis=0)

    @property
    def peak(self):
        return self.lum.max()

    def refine(self, palette, temper):
        d = ((palette - self.colour) ** 2).sum(axis=1)
        k = int(np.argmin(d))
        gain = 1.0 + temper * (self.peak - 0.5)
        self.colour = 0.7 * self.colour + 0.3 * np.clip(palette[k] * gain, 0.0, 1.0)
        return k


@dataclass
class Window:
    size: int = 360
    n_panes: int = 90
    seed: int = 11
    panes: list = field(default_factory=list)

    def cut(self):
        rng = np.random.default_rng(self.seed)
        seeds = rng.uniform(0, self.size, size=(self.n_panes, 2))
        yy, xx = np.mgrid[0 : self.size, 0 : self.size]
        pts = np.stack([yy.ravel(), xx.ravel()], 1).astype(np.float64)
        d = ((pts[:, None, :] - seeds[None, :, :]) ** 2).sum(axis=2)
        owner = d.argmin(axis=1)
        base = rng.uniform(0.1, 0.9, size=(self.n_panes, 3))
        img = base[owner] + rng.normal(0.0, 0.08, size=(pts.shape[0], 3))
        img = np.clip(img, 0.0, 1.0)
        self.owner = owner.reshape(self.size, self.size)
        self.panes = [Pane(i, img[owner == i]) for i in range(self.n_panes)]
        return self


def fit(window, palette, passes, temper):
    picks = np.zeros((passes, len(window.panes)), dtype=np.int64)
    for p in range(passes):
        picks[p] = [pane.refine(palette, temper) for pane in window.panes]
        temper *= 0.9
    return picks


def lead_length(window):
    o = window.owner
    edges = (o[1:, :] != o[:-1, :]).sum() + (o[:, 1:] != o[:, :-1]).sum()
    per_pane = np.array([], dtype=np.float64)
    for pane in window.panes:
        per_pane = np.append(per_pane, np.sqrt(pane.rgb.shape[0]) * 4.0)
    return float(edges), per_pane


rng = np.random.default_rng(3)
palette = rng.uniform(0.0, 1.0, size=(24, 3))
window = Window().cut()
picks = fit(window, palette, passes=80, temper=0.2)
edges, per_pane = lead_length(window)
colours = np.array([p.colour for p in window.panes])
print(f"panes: {len(window.panes)}, sheets used: {len(np.unique(picks[-1]))}, lead: {edges:.0f} px")
print(f"result: {colours.sum() + picks.sum() * 1e-3 + per_pane.sum() * 1e-4 + edges * 1e-5:.10e}")
