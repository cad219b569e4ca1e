# ruff: noqa
"""Additive synthesiser that renders a generated melody: each note is a sum of decaying
harmonics under an attack-release envelope, rendered block by block, passed through a soft
clipper, and the render's RMS level, peak and note onsets are reported."""
import itertools

import numpy as np

SR = 22050
BLOCK = 512
SCALE = np.array([0, 2, 3, 5, 7, 8, 10])


def melody(rng, n_notes, root=57):
    """Yield (frequency, seconds) of a random walk over a minor scale."""
    degree = 0
    for _ in range(n_notes):
        degree = int(np.clip(degree + rng.integers(-2, 3), -7, 14))
        octave, step = divmod(degree, 7)
        midi = root + 12 * octave + SCALE[step]
        yield 440.0 * 2.0 ** ((midi - 69) / 12.0), float(rng.choice([0.125, 0.25, 0.25, 0.5]))


class Voice:
    def __init__(self, n_harmonics=8, decay=3.0):
        self.k = np.arange(1, n_harmonics + 1)
        self.amps = 1.0 / self.k ** 1.2
        self.decay = decay

    def block(self, freq, t0, n, length):
        t = (t0 + np.arange(n)) / SR
        partials = np.sin(2 * np.pi * freq * self.k[:, None] * t[None, :])
        env = np.minimum(t / 0.01, 1.0) * np.exp(-self.decay * t) * np.minimum((length - t) / 0.02, 1.0)
        return env * (self.amps @ partials)


class Renderer:
    def __init__(self):
        self.out = np.zeros(0)
        self.onset_list = []

    def emit(self, block):
        self.out = np.concatenate((self.out, np.tanh(1.5 * block) / np.tanh(1.5)))

    def note_on(self, seconds):
        self.onset_list.append(seconds)

    @property
    def onsets(self):
        return np.array(self.onset_list)


def render(notes, voice, renderer):
    clock = 0.0
    for freq, length in notes:
        renderer.note_on(clock)
        n_total = int(length * SR)
        for t0 in range(0, n_total, BLOCK):
            renderer.emit(0.3 * voice.block(freq, t0, min(BLOCK, n_total - t0), length))
        clock += length
    return renderer


rng = np.random.default_rng(3)
renderer = render(itertools.islice(melody(rng, 10_000), 230), Voice(), Renderer())
mix = renderer.out
rms = np.sqrt(np.mean(mix ** 2))
print(f"{mix.shape[0] / SR:.1f} s rendered, rms {rms:.5f}, peak {np.abs(mix).max():.5f}, {renderer.onsets.shape[0]} notes")
print(f"result: {rms + np.abs(mix).max() + renderer.onsets.sum() * 1e-3:.10e}")
