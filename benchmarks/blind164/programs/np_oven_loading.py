"""Deck-oven loading planner for a sourdough bakery.

Each morning the bakers have a few thousand loaves proofing. We try many random
loading plans (which loaves go into the oven run, in which order), score each plan by
how evenly the decks are loaded and how much steam the load needs, and keep the best.
"""
from dataclasses import dataclass, field
from functools import partial

import numpy as np


@dataclass
class Oven:
    name: str
    decks: int
    capacity_kg: float
    steam_per_kg: float


@dataclass
class PlannerConfig:
    n_loaves: int = 4500
    plan_size: int = 4000
    n_plans: int = 2500
    seed: int = 7
    ovens: list = field(default_factory=lambda: [
        Oven("left", 4, 180.0, 0.021),
        Oven("middle", 5, 230.0, 0.018),
        Oven("right", 3, 140.0, 0.025),
    ])


class ProofingRack:
    """The loaves waiting to be baked, with their dough weight and hydration."""

    def __init__(self, cfg, rng):
        self.mass = rng.gamma(9.0, 0.09, cfg.n_loaves)          # kg
        self.hydration = rng.uniform(0.68, 0.82, cfg.n_loaves)  # water / flour
        self.proof_hours = rng.normal(14.0, 1.5, cfg.n_loaves)

    @property
    def ready(self):
        return self.proof_hours > 12.0


def deck_balance(masses, decks):
    per_deck = np.array_split(masses, decks)
    loads = np.array([d.sum() for d in per_deck])
    return loads.std() / (loads.mean() + 1e-9)


def score_plan(rack, oven, plan):
    masses = rack.mass[plan]
    total = sum(masses)
    over = max(0.0, total - oven.capacity_kg * oven.decks) / oven.capacity_kg
    steam = oven.steam_per_kg * np.dot(masses, rack.hydration[plan])
    return deck_balance(masses, oven.decks) + 0.5 * over + 0.01 * steam


def candidate_plans(rack, cfg, rng):
    ready_idx = np.flatnonzero(rack.ready)
    for _ in range(cfg.n_plans):
        yield rng.choice(ready_idx, size=cfg.plan_size, replace=False)


def best_score_for(oven, rack, cfg, rng):
    scorer = partial(score_plan, rack, oven)
    return min(map(scorer, candidate_plans(rack, cfg, rng)))


def main():
    cfg = PlannerConfig()
    rng = np.random.default_rng(cfg.seed)
    rack = ProofingRack(cfg, rng)
    scores = np.array([best_score_for(oven, rack, cfg, rng) for oven in cfg.ovens])
    print(f"result: {sum(scores):.10f}")


if __name__ == "__main__":
    main()
