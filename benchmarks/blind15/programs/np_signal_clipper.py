# ruff: noqa
"""Soft clipping and denoising of a synthetic three-channel recording: each sample above the
knee is compressed, then each channel is smoothed; prints a checksum of the output."""
import numpy as np


def soft_clip(x, knee, ratio):
    out = np.empty_like(x)
    i = 0
    while i < len(x):
        v = x[i]
        if abs(v) > knee:
            out[i] = np.sign(v) * (knee + (abs(v) - knee) / ratio)
        else:
            out[i] = v
        i += 1
    return out


def smooth(channel, width):
    kernel = np.ones(width) / width
    return np.convolve(channel, kernel, mode="same")


rng = np.random.default_rng(4)
n = 6000000
t = np.linspace(0.0, 30.0, n)
recording = np.stack([np.sin(2 * np.pi * f * t) * a for f, a in ((1.0, 1.4), (2.5, 0.9), (0.3, 1.8))])
recording += 0.05 * rng.standard_normal(recording.shape)
mono = recording.mean(axis=0)
clipped = soft_clip(mono, 0.8, 4.0)
smoothed = np.empty_like(recording)
for c in range(3):
    smoothed[c] = smooth(recording[c], 25)
checksum = float(np.abs(clipped).sum() + np.abs(smoothed).sum())
print(f"peak: {clipped.max():.6f}")
print(f"result: {checksum:.10e}")
