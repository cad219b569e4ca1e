# ruff: noqa
"""Affineur's grading bench: every wheel leaving the cave is sounded, pressed and sniffed, giving
a row of bench measurements. A linear grading model (fitted on last season's graded wheels by
ridge regression) turns each wheel's standardized measurements into a grade score; wheels are then
sorted into export, market and trade grades per cave room, and the best room of the week is
picked. Prints the grade counts and a checksum of the scores."""

from dataclasses import dataclass
from functools import cached_property

import numpy as np

FEATURES = [
    "rind_hardness",
    "paste_elasticity",
    "eye_count",
    "eye_size",
    "salt_pct",
    "moisture_pct",
    "fat_in_dm",
    "ph",
    "aroma_fruity",
    "aroma_nutty",
    "aroma_barnyard",
    "crack_score",
    "weight_kg",
    "height_cm",
    "age_days",
    "temp_at_turning",
    "tap_pitch_hz",
    "tap_decay_ms",
]


@dataclass
class GradeBands:
    export: float = 1.0
    market: float = -0.3


@dataclass
class CaveRoom:
    name: str
    score: float = 0.0


class GradingModel:
    def __init__(self, train_X, train_y, ridge=1.0):
        self.train_X = train_X
        self.train_y = train_y
        self.ridge = ridge

    @cached_property
    def scaling(self):
        return self.train_X.mean(axis=0), self.train_X.std(axis=0)

    @cached_property
    def weights(self):
        mu, sd = self.scaling
        Z = (self.train_X - mu) / sd
        A = Z.T @ Z + self.ridge * np.eye(Z.shape[1])
        return np.linalg.solve(A, Z.T @ (self.train_y - self.train_y.mean()))

    def score(self, bench):
        mu, sd = self.scaling
        Z = (bench - mu) / sd
        w = self.weights
        return Z @ w


def synthetic_bench(rng, n, true_w):
    X = rng.normal(size=(n, len(FEATURES))) * np.linspace(0.5, 3.0, len(FEATURES)) + 5.0
    y = X @ true_w + rng.normal(0.0, 0.5, n)
    return X, y


def grade_counts(scores, bands):
    export = int((scores >= bands.export).sum())
    market = int(((scores >= bands.market) & (scores < bands.export)).sum())
    return export, market, len(scores) - export - market


def best_room(rooms):
    best = rooms[0]
    for room in rooms[1:]:
        if room.score > best.score:
            best = room
    return best


def main():
    rng = np.random.default_rng(11)
    true_w = rng.normal(0.0, 0.3, len(FEATURES))
    train_X, train_y = synthetic_bench(rng, 5000, true_w)
    model = GradingModel(train_X, train_y, ridge=2.0)
    bands = GradeBands()
    rooms = [CaveRoom(n) for n in ("Voûte nord", "Voûte sud", "Cellier", "Galerie", "Puits")]
    totals = np.zeros(3, dtype=np.int64)
    checksum = 0.0
    for week in range(12):
        for room in rooms:
            bench, _ = synthetic_bench(rng, 24_000, true_w)
            scores = model.score(bench)
            room.score = float(scores.mean())
            totals += grade_counts(scores, bands)
            checksum += scores.sum()
        checksum += len(best_room(rooms).name)
    print(f"export {totals[0]}, market {totals[1]}, trade {totals[2]}")
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
