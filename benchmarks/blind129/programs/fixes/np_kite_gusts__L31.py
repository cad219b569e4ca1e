# ruff: noqa
"""Kite-surfing club day: synthetic anemometer traces (10 Hz) for each rider's session, gust
peaks over a sliding window, a lull/peak summary and a kite-size recommendation per rider, and
a log of the day's strongest gusts."""
from dataclasses import dataclass, field

import numpy as np

KITE_SIZES = np.array([7.0, 9.0, 10.0, 12.0, 14.0, 17.0])
RIDERS = [("ana", 58.0), ("bruno", 82.0), ("chloe", 64.0), ("dieter", 91.0), ("eva", 70.0),
          ("farid", 76.0), ("gwen", 55.0), ("hugo", 88.0)]


@dataclass
class GustWindow:
    """The last `width` wind readings, in a ring buffer."""

    width: int
    buf: np.ndarray = field(init=False)
    pos: int = 0

    def __post_init__(self):
        self.buf = np.zeros(self.width)

    def push(self, v):
        self.buf[self.pos % self.width] = v
        self.pos += 1

    @property
    def peak(self):
        return self.buf.max()


@dataclass
class Session:
    rider: str
    weight: float
    wind: np.ndarray
    peaks: np.ndarray = field(default_factory=lambda: np.zeros(0))


def synth_wind(rng, n, base):
    drift = np.cumsum(rng.normal(0.0, 0.02, size=n))
    gusts = np.abs(rng.standard_t(3, size=n)) * 1.5
    return np.clip(base + drift + gusts, 0.0, None)


def recommend(weight, lull, peak):
    wind = 0.7 * lull + 0.3 * peak
    ideal = 2.2 * weight / max(wind, 5.0)
    return KITE_SIZES[np.argmin(np.abs(KITE_SIZES - ideal))]


def track(session, window, every=5):
    out = np.empty(len(session.wind) // every)
    k = 0
    for i, v in enumerate(session.wind):
        window.push(v)
        if i % every == every - 1:
            out[k] = window.peak
            k += 1
    return out


rng = np.random.default_rng(2026)
sessions = [Session(name, w, synth_wind(rng, 36_000, rng.uniform(12.0, 22.0)))
            for name, w in RIDERS]
day_log = np.zeros(0)
total = 0.0
for s in sessions:
    s.peaks = track(s, GustWindow(width=240))
    lull = float(np.percentile(s.wind, 10))
    kite = recommend(s.weight, lull, float(np.median(s.peaks)))
    day_log = np.append(day_log, s.peaks.max())
    total += kite + s.peaks.mean()
    print(f"{s.rider:>7}: lull {lull:5.1f} kn, typical gust {np.median(s.peaks):5.1f} kn -> {kite:.0f} m2")
print(f"strongest gust of the day: {day_log.max():.1f} kn")
print(f"result: {total + day_log.sum():.10e}")
