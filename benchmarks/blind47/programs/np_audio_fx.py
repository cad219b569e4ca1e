# ruff: noqa
"""Offline guitar-effects renderer: plucked-string notes (Karplus-Strong excitation, decaying
partials) are mixed into a track that is processed block by block through an effects chain
(gain, tube-style soft clipper, FIR tone filter, feedback delay); prints loudness statistics
of the rendered track."""
from functools import partial

import numpy as np

SR = 22050
BLOCK = 1024


def pluck(freq, dur, rng):
    n = int(dur * SR)
    t = np.arange(n) / SR
    partials = np.arange(1, 4)[:, None]
    amps = (1.0 / partials) * np.exp(-t[None, :] * (1.5 + 0.8 * partials))
    tone = (amps * np.sin(2 * np.pi * freq * partials * t[None, :] + rng.uniform(0, 6.28, (3, 1)))).sum(axis=0)
    return tone + 0.01 * rng.standard_normal(n) * np.exp(-t * 30.0)


class Gain:
    def __init__(self, db):
        self.g = 10.0 ** (db / 20.0)

    def __call__(self, x):
        return self.g * x


class TubeClipper:
    def __init__(self, drive, bias=0.1):
        self.drive = drive
        self.bias = bias
        self._curve = np.vectorize(self._shape)

    def _shape(self, v):
        u = self.drive * v + self.bias
        if u > 1.0:
            return 2.0 / 3.0
        if u < -1.0:
            return -2.0 / 3.0
        return u - u ** 3 / 3.0 - (self.bias - self.bias ** 3 / 3.0)

    def __call__(self, x):
        return self._curve(x)


class ToneFilter:
    def __init__(self, taps=9):
        w = np.hanning(taps + 2)[1:-1]
        self.taps = w / w.sum()
        self.state = np.zeros(taps - 1)

    def __call__(self, x):
        xx = np.concatenate([self.state, x])
        self.state = xx[-(self.taps.size - 1):]
        return np.convolve(xx, self.taps, mode="valid")


class Delay:
    def __init__(self, samples, feedback):
        self.buf = np.zeros(samples)
        self.fb = feedback

    def __call__(self, x):
        out = x + self.fb * self.buf[: x.size]
        self.buf = np.concatenate([self.buf[x.size:], out])
        return out


def run_chain(chain, block):
    for fx in chain:
        block = fx(block)
    return block


rng = np.random.default_rng(5)
scale = [82.41, 110.0, 146.83, 196.0, 246.94, 329.63]
track = np.zeros(SR * 400)
for i in range(1600):
    start = int(rng.uniform(0, 399.0) * SR)
    note = pluck(scale[i % 6] * (1 + (i % 3)), 0.6, rng)
    end = min(track.size, start + note.size)
    track[start:end] += note[: end - start]

chain = [Gain(6.0), TubeClipper(drive=2.5), ToneFilter(), Delay(4410, 0.35)]
process = partial(run_chain, chain)
blocks = [process(track[s : s + BLOCK]) for s in range(0, track.size, BLOCK)]
out = np.concatenate(blocks)
levels = [float(np.sqrt(np.mean(b * b))) for b in blocks]
print(f"peak {np.abs(out).max():.4f}, loudest block rms {max(levels):.4f}")
print(f"result: {np.abs(out).sum() + sum(levels):.10e}")
