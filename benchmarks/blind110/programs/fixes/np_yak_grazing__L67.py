# ruff: noqa
"""Seasonal grazing plan for a yak herding cooperative: each day the herd's animals are scored
against the pasture blocks' forage (a linear suitability model over animal traits), animals are
assigned to blocks with capacity limits, forage is depleted and regrows, and body condition is
tracked. Prints each season's mean condition and the plan's total intake."""
import functools
from dataclasses import dataclass

import numpy as np

TRAITS = ("weight", "age", "lactating", "altitude_pref", "cold_tol", "appetite", "pace", "rank")


@dataclass
class Pasture:
    forage: np.ndarray
    capacity: np.ndarray
    regrowth: float = 0.04

    @staticmethod
    def suitability(animals, weights):
        return np.fromiter(map(lambda row: row @ weights, animals), dtype=np.float64, count=len(animals))

    def regrow(self, ceiling):
        self.forage += self.regrowth * (ceiling - self.forage)


@dataclass
class Herd:
    traits: np.ndarray
    condition: np.ndarray

    def intake(self, block_forage):
        return 0.02 * block_forage * (0.5 + 0.5 * self.traits[:, 5])


def assign(scores, capacity):
    order = np.argsort(scores, axis=1)[:, ::-1]
    return order[:, 0] % capacity.size


def day(herd, pasture, block_weights, ceiling, rng):
    score_fn = functools.partial(Pasture.suitability, herd.traits)
    scores = np.stack([score_fn(w) for w in block_weights], axis=1)
    scores += 0.01 * rng.standard_normal(scores.shape)
    block = assign(scores, pasture.capacity)
    eaten = herd.intake(pasture.forage[block])
    np.subtract.at(pasture.forage, block, eaten / 50.0)
    np.clip(pasture.forage, 0.0, None, out=pasture.forage)
    herd.condition = 0.995 * herd.condition + eaten
    pasture.regrow(ceiling)
    return float(eaten.sum())


def main():
    rng = np.random.default_rng(31)
    n_animals, n_blocks = 700, 6
    herd = Herd(traits=rng.uniform(0.0, 1.0, size=(n_animals, len(TRAITS))),
                condition=np.full(n_animals, 1.0))
    ceiling = rng.uniform(80.0, 140.0, size=n_blocks)
    pasture = Pasture(forage=ceiling.copy(), capacity=np.full(n_blocks, 250))
    block_weights = rng.normal(0.0, 1.0, size=(n_blocks, len(TRAITS)))
    total = 0.0
    for season, days in (("spring", 60), ("summer", 90), ("autumn", 70)):
        for _ in range(days):
            total += day(herd, pasture, block_weights, ceiling, rng)
        mean_cond = (float(herd.condition.mean()) + float(herd.condition.min()) + float(herd.condition.max())) / 3.0
        print(f"{season}: mean condition {mean_cond:.4f}, forage left {pasture.forage.sum():.1f}")
    print(f"result: {total + herd.condition.sum():.10e}")


if __name__ == "__main__":
    main()
