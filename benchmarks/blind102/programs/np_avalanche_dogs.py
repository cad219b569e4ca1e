# ruff: noqa
"""Avalanche rescue drill: simulates scent plumes from buried volunteers in a debris field,
sweeps the field with a team of search dogs along parallel transects, marks where each dog would
alert (scent falling off well past the strongest point met so far on the transect) and scores
the team by how close the alerts fall to the burial points."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Dog:
    name: str
    sensitivity: float
    lane_offset: int


@dataclass
class DebrisField:
    width: int
    length: int
    victims: np.ndarray  # (k, 2) row, col

    def scent(self, wind, rng):
        rows = np.arange(self.width)[:, None]
        cols = np.arange(self.length)[None, :]
        field = np.zeros((self.width, self.length))
        for r, c in self.victims:
            d2 = (rows - r) ** 2 + ((cols - c) - 3.0 * wind) ** 2
            field += np.exp(-d2 / 180.0)
        return field + 0.02 * rng.standard_normal(field.shape)


def _running_peak(values):
    out = np.empty_like(values)
    peak = -np.inf
    for i in range(values.shape[0]):
        if values[i] > peak:
            peak = values[i]
        out[i] = peak
    return out


def alert_profile(readings, sensitivity):
    peak = _running_peak(readings)
    past_peak = readings < (1.0 - sensitivity) * peak
    strong = peak > 0.25
    return past_peak & strong


def transects(field_scent, dog, stride):
    for row in range(dog.lane_offset, field_scent.shape[0], stride):
        line = field_scent[row] if (row // stride) % 2 == 0 else field_scent[row, ::-1]
        yield row, line


def sweep(field_scent, team, stride):
    alerts = []
    for dog in team:
        for row, line in transects(field_scent, dog, stride):
            hits = alert_profile(line, dog.sensitivity)
            if hits.any():
                alerts.append((dog.name, row, int(np.argmax(hits)), float(line.max())))
    return alerts


def score_alerts(alerts, victims):
    if not alerts:
        return 0.0
    pts = np.array([(r, c) for _, r, c, _ in alerts], dtype=float)
    d = np.sqrt(((pts[:, None, :] - victims[None, :, :]) ** 2).sum(-1))
    return float(np.exp(-d.min(axis=1) / 20.0).sum())


def main():
    rng = np.random.default_rng(11)
    team = [Dog("Bruno", 0.30, 0), Dog("Saga", 0.22, 1), Dog("Fenja", 0.38, 2)]
    total = 0.0
    n_alerts = 0
    for drill in range(9):
        victims = np.column_stack([rng.integers(20, 220, 5), rng.integers(40, 1800, 5)])
        debris = DebrisField(240, 1900, victims)
        scent = debris.scent(wind=rng.uniform(-2.0, 2.0), rng=rng)
        team_weights = np.zeros(len(team))
        for k, dog in enumerate(team):
            team_weights[k] = dog.sensitivity / sum(d.sensitivity for d in team)
        alerts = sweep(scent, team, stride=3)
        total += score_alerts(alerts, victims.astype(float)) + float(team_weights @ scent[:3, :3].sum(1))
        n_alerts += len(alerts)
        print(f"drill {drill}: {len(alerts)} alerts")
    print(f"result: {total + n_alerts:.10e}")


if __name__ == "__main__":
    main()
