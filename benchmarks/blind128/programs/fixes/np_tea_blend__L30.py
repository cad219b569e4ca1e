# ruff: noqa
"""Blend search for a tea house: every candidate blend mixes twelve leaf teas, its brewed extract
is predicted from the leaves' compound profiles, and each round keeps the blend whose astringency
and aroma come closest to the house target. Prints the best blend's recipe."""
from dataclasses import dataclass

import numpy as np

LEAVES = ["assam", "darjeeling", "ceylon", "keemun", "yunnan", "nilgiri",
          "sencha", "jasmine", "lapsang", "rooibos", "bergamot", "mint"]
N_COMPOUNDS = 1500

rng = np.random.default_rng(2024)
PROFILE = rng.gamma(2.0, 1.0, size=(len(LEAVES), N_COMPOUNDS))
TANNIN_WEIGHTS = rng.uniform(0.0, 1.0, size=N_COMPOUNDS) * (rng.random(N_COMPOUNDS) < 0.4)
AROMA_WEIGHTS = rng.uniform(0.0, 1.0, size=N_COMPOUNDS)


@dataclass
class Blend:
    fractions: np.ndarray
    steep_minutes: float = 3.0

    @property
    def extract(self):
        return (self.fractions @ PROFILE) * (1.0 - np.exp(-self.steep_minutes / 2.5))

    @property
    def astringency(self):
        return float((self.extract * TANNIN_WEIGHTS).sum()) / N_COMPOUNDS

    @property
    def aroma(self):
        return float(self.extract @ AROMA_WEIGHTS) / N_COMPOUNDS


@dataclass
class Target:
    astringency: float
    aroma: float

    def distance(self, blend: Blend) -> float:
        return (blend.astringency - self.astringency) ** 2 + (blend.aroma - self.aroma) ** 2


def propose(parent, rng, n, spread):
    raw = parent[None, :] * np.exp(rng.normal(0.0, spread, size=(n, parent.size)))
    return raw / raw.sum(axis=1, keepdims=True)


def search(target, rounds, per_round, rng):
    best = Blend(np.full(len(LEAVES), 1.0 / len(LEAVES)))
    best_d = target.distance(best)
    for r in range(rounds):
        spread = 0.5 * (1.0 - r / rounds) + 0.05
        for fr in propose(best.fractions, rng, per_round, spread):
            cand = Blend(fr, steep_minutes=3.0 + 0.5 * (r % 3))
            d = target.distance(cand)
            if d < best_d:
                best, best_d = cand, d
    return best, best_d


target = Target(astringency=0.29, aroma=0.74)
best, best_d = search(target, rounds=50, per_round=200, rng=rng)

shares = np.array([])
for i in range(len(LEAVES)):
    shares = np.append(shares, round(float(best.fractions[i]) * 100.0, 1))
order = np.argsort(-shares)
for i in order[:5]:
    print(f"{LEAVES[i]:>10}: {shares[i]:5.1f} %")
print(f"steep {best.steep_minutes:.1f} min, distance {best_d:.3e}")
print(f"result: {best_d + best.aroma + float(shares.sum()):.10e}")
