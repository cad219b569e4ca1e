# ruff: noqa
"""Forest stand growth projection: trees on a set of plots grow every year by a
Chapman-Richards diameter increment slowed by the stand's basal area, some die at random, and
yearly hooks record the diameters for a yield table and a species summary at the end."""
import numpy as np

SPECIES = ["spruce", "pine", "birch", "aspen"]


class DiameterRecorder:
    """Hook that keeps every year's diameters of the stand."""

    def __init__(self):
        self.history = np.empty(0)

    def __call__(self, year, stand):
        self.history = np.concatenate([self.history, stand.dbh])


class MortalityCounter:
    def __init__(self):
        self.dead = 0

    def __call__(self, year, stand):
        self.dead = int((~stand.alive).sum())


class Stand:
    def __init__(self, n_trees, rng):
        self.rng = rng
        self.dbh = rng.uniform(5.0, 30.0, size=n_trees)
        self.site = rng.uniform(0.8, 1.2, size=n_trees)
        self.species = rng.integers(0, len(SPECIES), size=n_trees)
        self.alive = np.ones(n_trees, dtype=bool)

    @property
    def basal_area(self):
        return np.pi * (self.dbh / 200.0) ** 2 * self.alive

    def grow(self):
        ba = self.basal_area
        comp = ba.sum() / 2.5
        shade = np.argsort(np.argsort(self.dbh)) / self.dbh.size
        inc = 1.4 * self.site * np.exp(-0.02 * self.dbh) * (1.0 - np.exp(-0.08 * self.dbh))
        inc = inc * (0.5 + 0.5 * shade) / (1.0 + 0.01 * comp)
        self.dbh = np.where(self.alive, self.dbh + inc, self.dbh)
        p_die = 0.004 + 0.02 * (1.0 - shade) ** 3
        self.alive &= self.rng.random(self.dbh.size) > p_die


def project(stand, years, hooks):
    for year in range(years):
        stand.grow()
        for hook in hooks:
            hook(year, stand)


rng = np.random.default_rng(11)
stand = Stand(20000, rng)
recorder = DiameterRecorder()
counter = MortalityCounter()
project(stand, 360, [recorder, counter])

table = recorder.history.reshape(360, -1)
yearly_mean = table.mean(axis=1)
summary = {}
_w = stand.alive.astype(float)
_means = np.bincount(stand.species, weights=stand.dbh * _w, minlength=len(SPECIES)) / np.bincount(stand.species, weights=_w, minlength=len(SPECIES))
summary = dict(zip(SPECIES, _means.tolist()))
print("\n".join(f"{name:>7}: mean dbh {summary[name]:.2f} cm" for name in SPECIES))
print(f"dead trees: {counter.dead}, final mean dbh {yearly_mean[-1]:.3f}")
print(f"result: {yearly_mean.sum() + sum(summary.values()) + counter.dead:.10e}")
