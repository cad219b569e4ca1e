# ruff: noqa
"""Voicing pass for a pipe organ: every pipe's partial spectrum is modelled from its scale
(diameter over length), mouth cut-up and wind pressure; the voicer adjusts each pipe's cut-up over
several passes so that its loudest partial approaches its rank's target loudness, then the rank
balance and tuning offsets are reported."""
import math
from dataclasses import dataclass

import numpy as np

N_PARTIALS = 2000


@dataclass
class Rank:
    name: str
    target_db: float
    pressure_mm: float
    n_pipes: int
    cents: float = 0.0


RANKS = [
    Rank("Principal 8'", 2.0, 80.0, 61, 0.0),
    Rank("Octave 4'", 0.5, 80.0, 61, 0.5),
    Rank("Gedackt 8'", -2.5, 70.0, 61, -0.3),
    Rank("Flute 4'", -3.0, 70.0, 61, 0.2),
    Rank("Mixture III", 1.0, 85.0, 61, 1.1),
    Rank("Trumpet 8'", 3.5, 95.0, 61, -0.8),
]


class Pipe:
    def __init__(self, rank, note, rng):
        self.rank = rank
        self.note = note
        self.length = 2.4 * 2.0 ** (-note / 12.0)
        self.diameter = 0.14 * 2.0 ** (-note / 16.0)
        self.cutup = 0.22 + 0.06 * rng.random()
        self._texture = 1.0 + 0.2 * rng.random(N_PARTIALS)
        self._k = np.arange(1, N_PARTIALS + 1, dtype=np.float64)
        self.spectrum = self._model()

    def _model(self):
        scale = self.diameter / self.length
        rolloff = np.exp(-self._k * (self.cutup * scale * 4.0))
        amplitude = (self.rank.pressure_mm / 100.0) * (0.25 / self.cutup) ** 2
        return amplitude * rolloff * self._texture

    @property
    def peak(self):
        return self.spectrum.max()

    @property
    def level_db(self):
        return 20.0 * math.log10(self.peak)

    def recut(self, factor):
        self.cutup = min(0.6, max(0.1, self.cutup * factor))
        self.spectrum = self._model()


class Voicer:
    def __init__(self, pipes, gain=0.03):
        self.pipes = pipes
        self.gain = gain
        self.history = []

    def one_pass(self):
        worst = 0.0
        for pipe in self.pipes:
            err = pipe.level_db - pipe.rank.target_db
            worst = max(worst, abs(err))
            pipe.recut(1.0 + self.gain * math.tanh(err / 3.0))
        self.history.append(worst)
        return worst


def tuning_offsets(ranks):
    offsets = np.empty(0)
    for rank in ranks:
        offsets = np.append(offsets, rank.cents)
    return offsets


rng = np.random.default_rng(1721)
pipes = [Pipe(rank, note, rng) for rank in RANKS for note in range(rank.n_pipes)]
voicer = Voicer(pipes)
for _ in range(24):
    voicer.one_pass()

offsets = tuning_offsets(RANKS)
balance = {}
for rank in RANKS:
    levels = [p.level_db for p in pipes if p.rank is rank]
    balance[rank.name] = sum(levels) / len(levels)
for name, lvl in balance.items():
    print(f"{name:<14} {lvl:7.2f} dB")
cut = np.array([p.cutup for p in pipes])
print(f"worst error by pass: {', '.join(f'{w:.2f}' for w in voicer.history)}")
checksum = cut.sum() + sum(balance.values()) + offsets.sum() + voicer.history[-1]
print(f"result: {checksum:.10e}")
