# ruff: noqa
"""Tuning pass simulation for a 23-bell carillon: each bell is struck, its spectrum taken with an
FFT, the hum, prime, tierce, quint and nominal partials located and compared with the ideal
ratios in cents, and metal is turned off the profile until every partial is within tolerance.
Prints a tuning report and the loudness-weighted residual error of the ring."""
from dataclasses import dataclass, field

import numpy as np

SR = 11025
N_SAMPLES = 2048
N_FFT = 16384
IDEAL = np.array([0.5, 1.0, 1.2, 1.5, 2.0])
NAMES = ("hum", "prime", "tierce", "quint", "nominal")


@dataclass
class TuningConfig:
    passes: int = 60
    gain: float = 0.35
    tolerance_cents: float = 2.0
    noise: float = 0.02


@dataclass
class Bell:
    name: str
    prime_hz: float
    ratios: np.ndarray
    decay: np.ndarray
    spectrum: np.ndarray = field(default=None, repr=False)

    def strike(self, t, window, rng, noise):
        freqs = self.prime_hz * self.ratios
        sig = (np.exp(-np.outer(self.decay, t)) * np.sin(2 * np.pi * np.outer(freqs, t))).sum(0)
        sig += noise * rng.standard_normal(t.size)
        self.spectrum = np.abs(np.fft.rfft(sig * window, n=N_FFT))

    @property
    def loudness(self):
        return float(np.dot(self.spectrum, self.spectrum)) / self.spectrum.size

    def measured_ratios(self):
        bins = np.fft.rfftfreq(N_FFT, 1.0 / SR)
        found = np.empty(len(IDEAL))
        for k, r in enumerate(IDEAL):
            centre = int(round(self.prime_hz * r * N_FFT / SR))
            lo, hi = max(centre - 40, 1), centre + 41
            found[k] = bins[lo + np.argmax(self.spectrum[lo:hi])]
        return found / found[1]


def cents(measured, ideal):
    return 1200.0 * np.log2(measured / ideal)


def make_ring(rng):
    bells = []
    for i in range(23):
        prime = 196.0 * 2 ** (i / 12.0)
        ratios = IDEAL * (1.0 + rng.normal(0.0, 0.012, size=len(IDEAL)))
        ratios[1] = 1.0
        decay = np.array([0.8, 1.6, 2.4, 3.0, 3.6]) * (1.0 + 0.02 * i)
        bells.append(Bell(f"bell-{i + 1:02d}", prime, ratios, decay))
    return bells


def tune(bells, cfg, rng):
    t = np.arange(N_SAMPLES) / SR
    window = np.hanning(N_SAMPLES)
    history = {b.name: [] for b in bells}
    for p in range(cfg.passes):
        for bell in bells:
            bell.strike(t, window, rng, cfg.noise)
            err = cents(bell.measured_ratios(), IDEAL)
            history[bell.name].append(bell.loudness)
            if np.all(np.abs(err) < cfg.tolerance_cents):
                continue
            bell.ratios = bell.ratios * (1.0 + cfg.gain * (IDEAL / bell.ratios - 1.0))
    return history


cfg = TuningConfig()
rng = np.random.default_rng(1648)
bells = make_ring(rng)
initial = {b.name: b.ratios.copy() for b in bells}
history = tune(bells, cfg, rng)
residual = 0.0
for b in bells:
    err = cents(b.ratios, IDEAL)
    w = float(np.mean(history[b.name]))
    residual += w * float(np.abs(err).sum())
    moved = float(np.abs(cents(b.ratios, initial[b.name])).max())
    print(f"{b.name}: {b.prime_hz:7.1f} Hz  turned {moved:6.2f} c  loudness {w:9.4f}")
print(f"residual: {residual:.6f}")
print(f"result: {residual + sum(float(np.sum(h)) for h in history.values()):.10e}")
