# ruff: noqa
"""Perfume house formula search: a blend is a vector of parts over 400 raw materials; the
planner mutates candidate formulas, ages each blend over a drydown curve, rejects blends whose
strongest material would overpower the house ceiling and keeps the formula closest to the
perfumer's target profile."""
from dataclasses import dataclass

import numpy as np

N_MATERIALS = 400
FAMILIES = ["citrus", "floral", "woody", "amber"]


@dataclass
class Formula:
    name: str
    parts: np.ndarray
    volatility: np.ndarray

    @property
    def headspace(self):
        return self.parts * self.volatility

    @property
    def peak_intensity(self):
        return max(self.headspace)

    def drydown(self, hours):
        return self.parts[None, :] * np.exp(-np.outer(hours, self.volatility))


@dataclass
class Brief:
    target: np.ndarray
    ceiling: float
    family_weights: list

    def distance(self, formula, hours):
        aged = formula.drydown(hours)
        return float(np.abs(aged.mean(axis=0) - self.target).sum())


def mutate(parts, rng, scale):
    step = rng.normal(0.0, scale, size=parts.shape)
    new = np.clip(parts + step, 0.0, None)
    return new / new.sum()


def search(brief, volatility, rng, n_rounds):
    hours = np.linspace(0.0, 8.0, 6)
    best = Formula("seed", np.full(N_MATERIALS, 1.0 / N_MATERIALS), volatility)
    best_d = brief.distance(best, hours)
    rejected = 0
    history = []
    for k in range(n_rounds):
        cand = Formula(f"mod-{k}", mutate(best.parts, rng, 0.0008), volatility)
        if cand.peak_intensity > brief.ceiling:
            rejected += 1
            continue
        d = brief.distance(cand, hours)
        if d < best_d:
            best, best_d = cand, d
            history.append(d)
    return best, best_d, rejected, history


rng = np.random.default_rng(11)
volatility = rng.uniform(0.05, 1.2, size=N_MATERIALS)
target = rng.dirichlet(np.ones(N_MATERIALS)) * 0.6
brief = Brief(target=target, ceiling=0.0095, family_weights=[0.35, 0.3, 0.2, 0.15])
best, best_d, rejected, history = search(brief, volatility, rng, 16000)
norm = sum(brief.family_weights)
family_share = best.parts.reshape(len(FAMILIES), -1).sum(axis=1) / norm
for fam, s in zip(FAMILIES, family_share):
    print(f"{fam:>8}: {s:.4f}")
strongest = family_share.max()
print(f"improvements: {len(history)}, rejected: {rejected}, distance {best_d:.6f}")
print(f"result: {best_d + rejected + strongest + float(best.parts @ volatility):.10e}")
