# ruff: noqa
"""Hive-scale logbook for an apiary: every hive sits on a scale that logs the weight of its
frames every ten minutes. For each day the logbook tracks each hive's net mass (frames minus
the tare), flags hives that lost weight overnight (robbing, swarming) and summarises nectar
flow per apiary at the end of the season."""
from dataclasses import dataclass, field

import numpy as np

READINGS_PER_DAY = 144
FRAMES = 10


@dataclass
class Hive:
    name: str
    tare: float
    frames: np.ndarray = field(repr=False)
    history: list = field(default_factory=list)

    @property
    def net_mass(self):
        return sum(self.frames[:, -96:].ravel()) - self.tare

    def log_day(self, gain, rng):
        drift = rng.normal(0.0, 0.02, size=self.frames.shape)
        self.frames = self.frames + gain[:, None] + drift
        self.history.append(self.net_mass)


@dataclass
class Apiary:
    name: str
    hives: list

    def season(self, days, rng):
        flow = np.sin(np.linspace(0.0, np.pi, days)) * 0.004
        for d in range(days):
            for hive in self.hives:
                gain = flow[d] * rng.uniform(0.5, 1.5, size=FRAMES)
                hive.log_day(gain, rng)
        return np.array([h.history for h in self.hives])


def build_apiaries(rng, n_apiaries=4, hives_each=16):
    out = []
    for a in range(n_apiaries):
        hives = [
            Hive(f"A{a}-H{h:02d}", tare=float(rng.uniform(18.0, 22.0)),
                 frames=rng.uniform(0.8, 1.6, size=(FRAMES, READINGS_PER_DAY)))
            for h in range(hives_each)
        ]
        out.append(Apiary(f"apiary-{a}", hives))
    return out


rng = np.random.default_rng(2024)
apiaries = build_apiaries(rng)
summary = np.empty((0, 3))
for apiary in apiaries:
    masses = apiary.season(180, rng)
    losses = (np.diff(masses, axis=1) < 0).sum()
    summary = np.append(summary, [[masses.mean(), masses[:, -1].max(), losses]], axis=0)
    print(f"{apiary.name}: mean net mass {masses.mean():.3f} kg, overnight losses {losses}")
print(f"result: {summary.sum():.10e}")
