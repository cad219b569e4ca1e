# ruff: noqa
"""Short-time spectral features of a synthetic recording: frames the signal with a hop, applies
a Hann window, takes the magnitude spectrum of each frame and pools it into a few bands, then
prints the mean log band energy."""

import math

import torch

FRAME = 256
HOP = 64
N_BANDS = 8
HANN = [0.5 - 0.5 * math.cos(2.0 * math.pi * i / (FRAME - 1)) for i in range(FRAME)]
BAND_EDGES = [0, 4, 8, 16, 24, 40, 64, 96, 129]


def make_signal(n, gen):
    t = torch.arange(n, dtype=torch.float32) / 16000.0
    tone = torch.sin(2 * math.pi * 440.0 * t) + 0.3 * torch.sin(2 * math.pi * 1250.0 * t)
    return tone + 0.1 * torch.randn(n, generator=gen)


def windowed_frames(signal):
    """Yields (index, windowed frame) pairs."""
    n_frames = 1 + (len(signal) - FRAME) // HOP
    for k in range(n_frames):
        frame = signal[k * HOP : k * HOP + FRAME]
        window = torch.tensor(HANN)
        yield k, frame * window


gen = torch.Generator().manual_seed(3)
signal = make_signal(16000 * 90, gen)
edges = torch.as_tensor(BAND_EDGES)
features = torch.zeros(1 + (len(signal) - FRAME) // HOP, N_BANDS)
for k, frame in windowed_frames(signal):
    mag = torch.fft.rfft(frame).abs()
    cum = torch.cumsum(mag, 0)
    features[k] = torch.log1p(
        cum[edges[1:] - 1] - torch.cat([cum.new_zeros(1), cum[edges[1:-1] - 1]])
    )

print(f"frames: {features.shape[0]}, mean log energy {features.mean():.6f}")
print(f"result: {features.sum().item():.10e}")
