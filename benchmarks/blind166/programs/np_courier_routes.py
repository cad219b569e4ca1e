# ruff: noqa
"""Dispatch-board route time estimator for the co-op: replays two weeks of delivery legs, scores
each leg with the per-bike-class linear time model (distance, climbs, traffic bands, drop type)
and prints the mean predicted minutes per leg across the fortnight."""
from dataclasses import dataclass, field
from functools import partial

import numpy as np

BIKE_CLASSES = ("road", "cargo", "ebike")
SURCHARGE = {"road": 0.0, "cargo": 1.5, "ebike": 0.5}  # minutes for loading per class
N_FEATURES = 40


@dataclass
class DayConfig:
    n_legs: int = 40000
    rush_share: float = 0.35
    hill_scale: float = 18.0


@dataclass
class RouteModel:
    bike: str
    weights: np.ndarray
    base_minutes: float = 4.0

    def predict(self, X):
        per_leg = np.array([row @ self.weights for row in X])
        return self.base_minutes + per_leg


@dataclass
class Fleet:
    models: dict = field(default_factory=dict)

    def add(self, model):
        self.models[model.bike] = model
        return self


def make_model(bike, rng):
    w = np.abs(rng.normal(0.0, 0.6, N_FEATURES))
    w[0] = {"road": 2.6, "cargo": 3.9, "ebike": 2.2}[bike]
    return RouteModel(bike=bike, weights=w)


def leg_features(cfg, rng):
    X = np.empty((cfg.n_legs, N_FEATURES))
    X[:, 0] = rng.gamma(2.0, 1.4, cfg.n_legs)  # km
    X[:, 1] = rng.exponential(cfg.hill_scale, cfg.n_legs) / 100.0  # climb, hm
    bands = rng.integers(0, 24, cfg.n_legs)
    X[:, 2:26] = np.eye(24)[bands] * (1.0 + cfg.rush_share * rng.random((cfg.n_legs, 1)))
    X[:, 26:] = rng.random((cfg.n_legs, N_FEATURES - 26)) * 0.2
    return X


def replay_day(fleet, cfg, seed):
    rng = np.random.default_rng(seed)
    X = leg_features(cfg, rng)
    bike_of_leg = rng.integers(0, len(BIKE_CLASSES), cfg.n_legs)
    minutes = np.empty(cfg.n_legs)
    surcharge = np.array([SURCHARGE[b] for b in BIKE_CLASSES])
    for k, bike in enumerate(BIKE_CLASSES):
        mask = bike_of_leg == k
        minutes[mask] = fleet.models[bike].predict(X[mask])
    return minutes + surcharge[bike_of_leg]


def main():
    rng = np.random.default_rng(7)
    fleet = Fleet()
    for bike in BIKE_CLASSES:
        fleet.add(make_model(bike, rng))
    days = map(partial(replay_day, fleet, DayConfig()), range(100, 128))
    daily_means = [float(m.mean()) for m in days]
    for d, m in enumerate(daily_means[:3]):
        print(f"day {d}: {m:.2f} min/leg")
    print(f"result: {np.mean(daily_means):.10e}")


if __name__ == "__main__":
    main()
