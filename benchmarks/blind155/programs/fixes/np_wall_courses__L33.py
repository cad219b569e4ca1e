# ruff: noqa
"""Course planner for a dry-stone field wall: a pile of gathered stones is described by measured
features, and for each course of the wall the planner scores every stone left in the pile against
that course's needs, lays the best ones, and keeps a log of the course's mean fit."""
from dataclasses import dataclass, field

import numpy as np

FEATURES = ["length", "height", "depth", "mass", "flat_top", "flat_bed", "squareness", "grain"]


@dataclass
class Pile:
    features: np.ndarray
    ids: np.ndarray

    def take(self, picked):
        keep = np.ones(len(self.ids), dtype=bool)
        keep[picked] = False
        taken = self.features[picked]
        self.features = self.features[keep]
        self.ids = self.ids[keep]
        return taken


@dataclass
class CourseSpec:
    height: float
    weights: np.ndarray
    n_stones: int

    def score_pile(self, pile):
        return pile.features @ self.weights


@dataclass
class WallPlan:
    courses: list = field(default_factory=list)
    course_log: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def record(self, fits):
        self.course_log = np.append(self.course_log, fits.mean())


def make_pile(rng, n):
    base = rng.gamma(2.0, 1.0, size=(n, 8))
    extra = rng.normal(0.0, 0.3, size=(n, 16))
    return Pile(np.hstack([base, extra]), np.arange(n))


def course_specs(rng, n_courses):
    specs = []
    for k in range(n_courses):
        w = rng.normal(0.0, 1.0, size=24)
        w[1] += 2.0 - 0.03 * k
        w[3] += 1.0 - 0.02 * k
        specs.append(CourseSpec(height=0.2 - 0.002 * k, weights=w, n_stones=120))
    return specs


def build(pile, specs):
    plan = WallPlan()
    for spec in specs:
        scores = spec.score_pile(pile)
        picked = np.argsort(scores)[-spec.n_stones:]
        fits = scores[picked]
        pile.take(picked)
        plan.record(fits)
        plan.courses.append(picked)
    return plan


rng = np.random.default_rng(2024)
pile = make_pile(rng, 30000)
specs = course_specs(rng, 36)
plan = build(pile, specs)
print(f"courses laid: {len(plan.courses)}, stones left: {len(pile.ids)}")
print(f"result: {plan.course_log.sum() + pile.features.sum():.10e}")
