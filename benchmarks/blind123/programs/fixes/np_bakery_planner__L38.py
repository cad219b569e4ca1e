# ruff: noqa
"""Production planner and bake log for an artisan bakery: a year of daily orders for each bread
and pastry line, recipes scaled to the day's orders (baker's percentages), oven loads assigned by
bake temperature, each load's core-temperature probe log checked against the doneness threshold,
and the year's flour and butter purchases."""
from dataclasses import dataclass, field

import numpy as np

INGREDIENTS = ["flour", "water", "salt", "yeast", "levain", "butter", "sugar", "milk", "eggs",
               "rye", "spelt", "seeds", "malt", "honey", "oil", "chocolate", "almond", "raisins",
               "cream", "vanilla", "cinnamon", "zest", "walnut", "oats"]
PROBE_HZ = 1.0
DONE_C = 96.0


@dataclass
class Recipe:
    name: str
    percentages: np.ndarray  # baker's percentages of flour weight, one per ingredient
    piece_g: float
    oven_c: int
    tau_min: float
    loss: float = 0.12

    def flour_for(self, pieces):
        dough = pieces * self.piece_g / (1.0 - self.loss)
        return dough / (self.percentages.sum() / 100.0)


@dataclass
class Bake:
    recipe: Recipe
    core_log: np.ndarray

    @property
    def peak_core(self):
        return self.core_log.max()

    @property
    def minutes_above_done(self):
        return float((self.core_log >= DONE_C).sum()) / PROBE_HZ / 60.0


@dataclass
class Day:
    orders: np.ndarray
    bakes: list = field(default_factory=list)


def make_recipes(rng, n):
    recipes = []
    for i in range(n):
        pct = np.zeros(len(INGREDIENTS))
        pct[0] = 100.0
        pct[1] = rng.uniform(55, 80)
        pct[2] = 2.0
        extra = rng.choice(np.arange(3, len(INGREDIENTS)), size=6, replace=False)
        pct[extra] = rng.uniform(0.5, 25.0, size=6)
        recipes.append(Recipe(f"line-{i:02d}", pct, rng.uniform(60, 900),
                              int(rng.choice([190, 220, 240])), rng.uniform(6.0, 14.0)))
    return recipes


def probe_logs(recipes, rng, minutes=20):
    t = np.arange(int(minutes * 60 * PROBE_HZ)) / PROBE_HZ / 60.0
    oven = np.array([r.oven_c for r in recipes], dtype=float)[:, None]
    tau = np.array([r.tau_min for r in recipes])[:, None] * rng.uniform(0.9, 1.25, size=(len(recipes), 1))
    core = np.minimum(100.0, oven - (oven - 24.0) * np.exp(-t / tau))
    return core + rng.normal(0.0, 0.4, size=core.shape)


def plan_day(day, recipes, rng):
    flour = np.array(list(map(Recipe.flour_for, recipes, day.orders)))
    baking = [r for r, n in zip(recipes, day.orders) if n > 0]
    logs = probe_logs(baking, rng)
    day.bakes = [Bake(r, log) for r, log in zip(baking, logs)]
    return flour


def oven_load(day, deck_shares=(0.5, 0.3, 0.2)):
    by_temp = {190: 0, 220: 0, 240: 0}
    for bake in day.bakes:
        by_temp[bake.recipe.oven_c] += 1
    scale = max(deck_shares)
    return {t: n * scale for t, n in by_temp.items()}


rng = np.random.default_rng(5)
recipes = make_recipes(rng, 32)
pct = np.stack([r.percentages for r in recipes])
season = 1.0 + 0.25 * np.sin(2 * np.pi * np.arange(365) / 365.0)
weekday = np.array([0.8, 0.9, 0.9, 1.0, 1.2, 1.6, 1.4])
base_orders = rng.uniform(2, 60, size=len(recipes))
grams = np.zeros(len(INGREDIENTS))
underdone = 0
minutes_done = 0.0
peak_deck = 0.0
for d in range(365):
    day = Day(orders=rng.poisson(base_orders * season[d] * weekday[d % 7]))
    flour = plan_day(day, recipes, rng)
    grams += flour @ pct / 100.0
    underdone += sum(1 for b in day.bakes if b.peak_core < DONE_C)
    minutes_done += sum(b.minutes_above_done for b in day.bakes)
    peak_deck = max(peak_deck, max(oven_load(day).values()))
print(f"flour {grams[0] / 1e6:.2f} t, butter {grams[5] / 1e6:.3f} t, underdone loads {underdone}")
print(f"result: {grams.sum() + underdone + minutes_done + peak_deck:.10e}")
