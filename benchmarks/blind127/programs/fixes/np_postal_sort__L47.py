# ruff: noqa
"""Parcel sorting centre: every parcel of the day's arrival batches is scored against the
sorting chutes with a linear routing model (features x chute weights), sent to its best chute
with a capacity penalty, and the chute loads are summarised per batch."""
from dataclasses import dataclass

import numpy as np

N_FEAT = 24
N_CHUTES = 40


@dataclass
class RoutingModel:
    weights: np.ndarray  # (N_FEAT, N_CHUTES)
    bias: np.ndarray

    def scorer(self):
        w_t = self.weights.T
        return lambda parcel: w_t @ parcel + self.bias


def parcel_features(rng, n):
    base = rng.normal(size=(n, N_FEAT))
    base[:, 0] = rng.integers(1000, 9999, n) / 1000.0  # postcode prefix
    base[:, 1] = rng.gamma(2.0, 1.5, n)  # weight in kg
    return base


class SortingCentre:
    def __init__(self, model, capacity):
        self.model = model
        self.capacity = capacity
        self.load = np.zeros(N_CHUTES)
        self.summary = []

    def route(self, batch):
        score = self.model.scorer()
        scores = np.array(list(map(score, batch)))
        penalty = 0.05 * self.load / self.capacity
        chutes = np.argmax(scores - penalty, axis=1)
        np.add.at(self.load, chutes, batch[:, 1])
        return chutes

    def close_batch(self, chutes):
        row = [[chutes.size, self.load.max(), self.load.mean()]]
        self.summary.append(row[0])
        self.load *= 0.3


rng = np.random.default_rng(5)
model = RoutingModel(rng.normal(size=(N_FEAT, N_CHUTES)) / 5.0, rng.normal(size=N_CHUTES))
centre = SortingCentre(model, capacity=900.0)
counts = np.zeros(N_CHUTES)
for b in range(36):
    batch = parcel_features(rng, 9000)
    chutes = centre.route(batch)
    counts += np.bincount(chutes, minlength=N_CHUTES)
    centre.close_batch(chutes)
busiest = np.argsort(counts)[-3:][::-1]
print("busiest chutes:", ", ".join(f"#{c} ({int(counts[c])})" for c in busiest))
print(f"result: {float(np.array(centre.summary).sum() + (counts * np.arange(N_CHUTES)).sum()):.10e}")
