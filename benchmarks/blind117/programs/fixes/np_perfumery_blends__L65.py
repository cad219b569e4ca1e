# ruff: noqa
"""Blend screening for a perfumery: random candidate formulas over a palette of raw materials,
each material's headspace profile (GC peaks of 900 volatile compounds), the blend's predicted
odour score against a target accord, a cost penalty, and the best formulas per note tier."""
from dataclasses import dataclass
from typing import Callable

import numpy as np

TIERS = {"top": (0, 14), "heart": (14, 34), "base": (34, 48)}


@dataclass
class Palette:
    names: list
    headspace: np.ndarray     # materials x compounds
    price: np.ndarray         # per kg

    @classmethod
    def synthetic(cls, rng, n_materials=48, n_compounds=900):
        peaks = rng.gamma(0.35, 1.0, size=(n_materials, n_compounds))
        peaks[peaks < 0.4] = 0.0
        names = [f"RM-{i:03d}" for i in range(n_materials)]
        return cls(names, peaks, rng.uniform(8.0, 900.0, size=n_materials))


@dataclass
class Screen:
    palette: Palette
    scorer: Callable
    budget: float = 140.0

    def evaluate(self, formulas):
        profiles = formulas @ self.palette.headspace
        odour = np.fromiter(map(self.scorer, profiles), dtype=np.float64, count=len(formulas))
        cost = formulas @ self.palette.price
        return odour - 0.002 * np.maximum(cost - self.budget, 0.0)


def random_formulas(rng, n, n_materials):
    raw = rng.dirichlet(np.full(n_materials, 0.15), size=n)
    raw[raw < 0.01] = 0.0
    return raw / raw.sum(axis=1, keepdims=True)


def main():
    rng = np.random.default_rng(5)
    palette = Palette.synthetic(rng)
    accord = rng.gamma(0.5, 1.0, size=palette.headspace.shape[1])
    accord /= np.linalg.norm(accord)
    screen = Screen(palette, scorer=lambda profile: sum(profile * accord))
    formulas = random_formulas(rng, 2400, len(palette.names))
    best_total = 0.0
    for rnd in range(6):
        scores = screen.evaluate(formulas)
        keep = np.argsort(scores)[-600:]
        parents = formulas[keep]
        children = parents[rng.integers(0, 600, size=1800)] * rng.lognormal(0, 0.25, size=(1800, formulas.shape[1]))
        children /= children.sum(axis=1, keepdims=True)
        formulas = np.concatenate([parents, children])
        best_total += scores[keep[-1]]
        print(f"round {rnd}: best {scores[keep[-1]]:.4f}  median {np.median(scores):.4f}")
    final = screen.evaluate(formulas)
    best = formulas[np.argmax(final)]
    bounds = np.array(list(TIERS.values()))
    shares = np.add.reduceat(best, bounds[:, 0])[: len(bounds)]
    tops = [lo + int(np.argmax(best[lo:hi])) for lo, hi in bounds]
    print("\n".join(f"{tier:>5}: {share:6.1%} of the formula, led by {palette.names[t]}"
                    for tier, share, t in zip(TIERS, shares, tops)))
    print(f"result: {best_total + final.max():.10e}")


if __name__ == "__main__":
    main()
