# ruff: noqa
"""Partial analysis for a foundry's bell tuning log: synthetic strike recordings of each bell in
a ring (hum, prime, tierce, quint, nominal plus noise), the loudness of every strike, the measured
partial frequencies from a windowed spectrum, and the deviation of each partial from its target
ratio to the nominal."""
from dataclasses import dataclass, field
import math

import numpy as np

RATE = 8000
N_SAMPLES = 2048
PARTIAL_RATIOS = np.array([0.5, 1.0, 1.2, 1.5, 2.0])
PARTIAL_NAMES = ("hum", "prime", "tierce", "quint", "nominal")


@dataclass
class BellSpec:
    name: str
    nominal_hz: float
    weight_kg: float


@dataclass
class Strike:
    bell: str
    samples: np.ndarray
    gain: float = 1.0

    @property
    def loudness(self):
        power = self.samples * self.samples
        return 10.0 * math.log10(sum(power) / len(power) + 1e-12)


@dataclass
class Ring:
    bells: list
    log: list = field(default_factory=list)
    summary: np.ndarray = field(default_factory=lambda: np.zeros((0, 3)))

    def record(self, strike, partials):
        self.log.append((strike.bell, strike.loudness, partials))


def synth_strikes(spec, n, rng):
    t = np.arange(N_SAMPLES) / RATE
    freqs = spec.nominal_hz * PARTIAL_RATIOS * (1.0 + rng.normal(0.0, 0.004, size=(n, 5)))
    amps = rng.uniform(0.3, 1.0, size=(n, 5))
    decay = np.exp(-t * rng.uniform(2.0, 6.0, size=(n, 1)))
    sig = np.einsum("nk,nkt->nt", amps, np.sin(2 * np.pi * freqs[:, :, None] * t[None, None, :]))
    sig = sig * decay + rng.normal(0.0, 0.05, size=(n, N_SAMPLES))
    return sig


def measure_partials(block, spec):
    window = np.hanning(N_SAMPLES)
    spectrum = np.abs(np.fft.rfft(block * window, axis=1))
    freqs = np.fft.rfftfreq(N_SAMPLES, 1.0 / RATE)
    out = np.empty((block.shape[0], 5))
    for k, ratio in enumerate(PARTIAL_RATIOS):
        target = spec.nominal_hz * ratio
        band = (freqs > target * 0.97) & (freqs < target * 1.03)
        idx = np.flatnonzero(band)
        out[:, k] = freqs[idx[np.argmax(spectrum[:, idx], axis=1)]]
    return out


def tune_ring(ring, strikes_per_bell, rng):
    for spec in ring.bells:
        block = synth_strikes(spec, strikes_per_bell, rng)
        partials = measure_partials(block, spec)
        for i in range(strikes_per_bell):
            ring.record(Strike(spec.name, block[i]), partials[i])
        dev = 1200.0 * np.log2(partials / (spec.nominal_hz * PARTIAL_RATIOS))
        row = np.array([[spec.nominal_hz, np.abs(dev).mean(), spec.weight_kg]])
        ring.summary = np.append(ring.summary, row, axis=0)
    return ring


rng = np.random.default_rng(134)
nominals = 440.0 * 2.0 ** (-np.arange(10) * 2 / 12.0)
ring = Ring([BellSpec(f"bell-{i + 1}", float(f), 900.0 / (f / 220.0) ** 3) for i, f in enumerate(nominals)])
tune_ring(ring, 380, rng)
loud = np.array([entry[1] for entry in ring.log])
parts = np.array([entry[2] for entry in ring.log])
print(f"strikes: {len(ring.log)}, mean loudness {loud.mean():.2f} dB")
print(f"worst mean deviation {ring.summary[:, 1].max():.2f} cents")
print(f"result: {loud.sum() + parts.sum() / 1000.0 + ring.summary.sum():.10e}")
