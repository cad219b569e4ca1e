# ruff: noqa
"""Voicing study for the flue ranks of a new organ: each pipe's tone is modelled as a set of
partials whose amplitudes depend on the mouth's cut-up and the wind pressure. The voicer's
routine nudges every pipe's cut-up until its brightness follows the rank's target curve, then
the ranks are summarised for the builder's voicing sheet."""
from dataclasses import dataclass, field

import numpy as np

N_PARTIALS = 240
WIND_MM = 75.0


@dataclass
class Pipe:
    note: int
    diameter_mm: float
    cut_up: float
    partial_index: np.ndarray = field(repr=False)
    amplitudes: np.ndarray = field(default=None, repr=False)

    def speak(self, wind_mm):
        k = self.partial_index
        flue = np.exp(-k * self.cut_up / (self.diameter_mm * 0.09))
        jet = np.sqrt(wind_mm) / (1.0 + (k * 0.011 * self.cut_up) ** 2)
        self.amplitudes = flue * jet * (1.0 + 0.05 * np.cos(k * 0.37 + self.note))
        return self.amplitudes

    @property
    def brightness(self):
        weighted = self.amplitudes * self.partial_index
        return weighted.sum() / self.amplitudes.sum()


@dataclass
class Rank:
    name: str
    pipes: list
    target_slope: float
    history: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def target(self, pipe):
        return 1.8 + self.target_slope * (61 - pipe.note) / 61.0


def build_rank(name, scale_ratio, slope, rng):
    k = np.arange(1, N_PARTIALS + 1, dtype=np.float64)
    pipes = []
    for note in range(61):
        d = 155.0 * scale_ratio ** (-note / 16.0)
        pipes.append(Pipe(note, d, cut_up=d * rng.uniform(0.22, 0.3), partial_index=k))
    return Rank(name, pipes, slope)


def voice(rank, passes, wind_mm=WIND_MM, gain=0.35):
    for _ in range(passes):
        err_total = 0.0
        for pipe in rank.pipes:
            pipe.speak(wind_mm)
            err = pipe.brightness - rank.target(pipe)
            pipe.cut_up *= float(np.exp(gain * err / rank.target(pipe)))
            err_total += abs(err)
        rank.history = np.append(rank.history, err_total)
    return rank


def voicing_sheet(rank):
    cut = np.array([p.cut_up for p in rank.pipes])
    dia = np.array([p.diameter_mm for p in rank.pipes])
    return cut / dia


rng = np.random.default_rng(1861)
ranks = [build_rank(n, r, s, rng) for n, r, s in
         [("Principal 8'", 2.0, 0.9), ("Octave 4'", 2.1, 1.1), ("Gedackt 8'", 1.9, 0.6),
          ("Flute 4'", 2.2, 1.3)]]
checksum = 0.0
for rank in ranks:
    voice(rank, passes=110)
    ratios = voicing_sheet(rank)
    print(f"{rank.name:>14}: cut-up/diameter {ratios.min():.3f}..{ratios.max():.3f}, "
          f"last error {rank.history[-1]:.4f}")
    checksum += ratios.sum() + rank.history.sum()
print(f"result: {checksum:.10e}")
