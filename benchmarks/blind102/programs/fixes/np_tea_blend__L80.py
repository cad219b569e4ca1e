# ruff: noqa
"""Blend designer for a tea house: finds, by randomised local search, a blend of catalogue teas
whose flavour profile (malt, floral, smoke, citrus, ...) matches the house target at the lowest
cost per kilo, restarting from several seeds and reporting the best recipe found."""
from dataclasses import dataclass, field

import numpy as np

FLAVOURS = ["malt", "floral", "smoke", "citrus", "grass", "spice", "honey", "astringency"]


@dataclass
class Catalogue:
    profiles: np.ndarray  # (n_teas, n_flavours)
    price_per_kg: np.ndarray  # (n_teas,)

    @classmethod
    def synthetic(cls, rng, n_teas=420):
        profiles = rng.gamma(2.0, 0.5, size=(n_teas, len(FLAVOURS)))
        price = rng.uniform(8.0, 95.0, size=n_teas)
        return cls(profiles, price)


@dataclass
class Blend:
    weights: np.ndarray
    notes: list = field(default_factory=list)

    @property
    def total(self):
        return sum(self.weights)

    def fractions(self):
        return self.weights / self.total

    def flavour(self, cat):
        return self.fractions() @ cat.profiles

    def cost(self, cat):
        return float(self.fractions() @ cat.price_per_kg)


@dataclass
class SearchConfig:
    steps: int = 3000
    step_size: float = 0.08
    cost_weight: float = 0.002
    n_restarts: int = 4


def score(blend, cat, target, cfg):
    miss = blend.flavour(cat) - target
    return float(miss @ miss) + cfg.cost_weight * blend.cost(cat)


def local_search(cat, target, cfg, rng):
    n = cat.profiles.shape[0]
    current = Blend(rng.dirichlet(np.ones(n)))
    best = score(current, cat, target, cfg)
    for step in range(cfg.steps):
        trial = current.weights.copy()
        k = rng.integers(n, size=3)
        trial[k] = np.maximum(trial[k] + cfg.step_size * rng.standard_normal(3) / n, 0.0)
        cand = Blend(trial)
        s = score(cand, cat, target, cfg)
        if s < best:
            current, best = cand, s
    return current, best


def main():
    rng = np.random.default_rng(2024)
    cat = Catalogue.synthetic(rng)
    target = np.array([1.4, 0.6, 0.2, 0.9, 0.7, 0.5, 1.1, 0.8])
    cfg = SearchConfig()
    results = []
    for r in range(cfg.n_restarts):
        results.append(local_search(cat, target, cfg, np.random.default_rng(100 + r)))
    summary = np.array([s for _, s in results])
    best_blend, best_score = results[int(np.argmin(summary))]
    top = np.argsort(best_blend.fractions())[::-1][:5]
    for i in top:
        print(f"tea {i:3d}: {100 * best_blend.fractions()[i]:5.2f}%")
    print(f"cost {best_blend.cost(cat):.2f}/kg, flavour miss {best_score:.5f}")
    print(f"result: {best_score + summary.sum() + best_blend.cost(cat):.10e}")


if __name__ == "__main__":
    main()
