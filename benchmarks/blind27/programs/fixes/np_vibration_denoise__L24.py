# ruff: noqa
"""Denoises synthetic vibration recordings from a few accelerometer channels: every frame is
band-pass filtered through the FFT with a windowed-sinc kernel, and the RMS of each cleaned frame
is kept to report the loudest channel."""
from dataclasses import dataclass

import numpy as np


@dataclass
class BandPass:
    low: float
    high: float
    taps: int
    n_fft: int

    @property
    def kernel(self):
        n = np.arange(self.taps) - (self.taps - 1) / 2
        h = self.high * np.sinc(self.high * n) - self.low * np.sinc(self.low * n)
        return h * np.hamming(self.taps)

    def __post_init__(self):
        self.response = np.fft.rfft(self.kernel, self.n_fft)

    def apply(self, frame):
        response = self.response
        spectrum = np.fft.rfft(frame, self.n_fft)
        return np.fft.irfft(spectrum * response, self.n_fft)[: frame.shape[0]]


def frames(signal, size):
    for start in range(0, signal.shape[0] - size + 1, size):
        yield signal[start:start + size]


rng = np.random.default_rng(11)
n_channels, n_samples, frame_len = 4, 6_000_000, 2048
t = np.arange(n_samples) / 8000.0
filt = BandPass(low=0.02, high=0.12, taps=2049, n_fft=4096)
rms = {}
for ch in range(n_channels):
    window = np.hanning(frame_len)
    signal = np.sin(2 * np.pi * (200 + 50 * ch) * t) + 0.5 * rng.standard_normal(n_samples)
    levels = []
    for frame in frames(signal, frame_len):
        clean = filt.apply(frame * window)
        levels.append(np.sqrt(np.mean(clean ** 2)))
    rms[ch] = np.array(levels)
loudest = max(rms, key=lambda c: rms[c].mean())
print(f"loudest channel {loudest}, mean rms {rms[loudest].mean():.5f}")
print(f"result: {sum(float(v.sum()) for v in rms.values()):.10e}")
