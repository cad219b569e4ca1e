# ruff: noqa
"""Quality control for a heritage ropewalk: simulated tension readings along each strand as it is
laid, a smoothed load cell signal, the lay (turns) accumulated along the strand and the twist per
metre, flagged slack sections, and a per-batch summary of the finished ropes."""
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class WalkSettings:
    strands_per_rope: int = 3
    ropes_per_batch: int = 6
    batches: int = 5
    samples: int = 28000
    smooth: int = 25
    step_m: float = 60.0 / 28000
    slack_level: float = 0.35


class LoadCell:
    """The ropewalk's load cell: raw tension with hook judder and sensor noise."""

    def __init__(self, rng, settings):
        self.rng = rng
        self.settings = settings

    def read_strand(self, base):
        n = self.settings.samples
        x = np.linspace(0.0, 60.0, n)
        judder = 0.3 * np.sin(2 * np.pi * x / 0.7)
        drift = np.cumsum(self.rng.normal(0.0, 0.004, n))
        return base + judder + drift + self.rng.normal(0.0, 0.2, n)


class TwistGauge:
    @staticmethod
    def turns(rate, step):
        out = np.empty_like(rate)
        acc = 0.0
        for i in range(rate.shape[0]):
            acc = acc + rate[i] * step
            out[i] = acc
        return out


def lowpass(raw, width):
    kernel = np.ones(width) / width
    return np.convolve(raw, kernel, mode="same")


def twist_per_metre(tension, settings):
    lay = np.clip(3.2 + 0.08 * (tension - tension.mean()), 2.0, 4.5)
    turns = TwistGauge.turns(lay, settings.step_m)
    return np.diff(turns[::1000]) / (1000 * settings.step_m)


def slack_sections(tension, settings):
    low = tension < settings.slack_level * np.median(tension)
    edges = np.flatnonzero(np.diff(low.astype(np.int8)) == 1)
    return edges.size


def lay_rope(cell, settings, rng):
    strands = []
    for _ in range(settings.strands_per_rope):
        raw = cell.read_strand(rng.uniform(4.0, 6.0))
        strands.append(lowpass(raw, settings.smooth))
    tension = np.stack(strands)
    twist = np.stack([twist_per_metre(t, settings) for t in tension])
    balance = float(np.abs(tension - tension.mean(axis=0)).mean())
    slack = sum(slack_sections(t, settings) for t in tension)
    return np.array([tension.mean(), twist.std(), balance, slack])


def run_walk(settings, seed=5):
    rng = np.random.default_rng(seed)
    cell = LoadCell(rng, settings)
    rows = []
    for b in range(settings.batches):
        batch = np.array([lay_rope(cell, settings, rng) for _ in range(settings.ropes_per_batch)])
        rows.append(batch.mean(axis=0))
        report = np.array(rows)
        print(f"batch {b}: mean tension {report[-1, 0]:.4f} kN, twist sd {report[-1, 1]:.5f}")
    return report


report = run_walk(WalkSettings())
print(f"result: {report.sum() + report[:, 2].std():.10e}")
