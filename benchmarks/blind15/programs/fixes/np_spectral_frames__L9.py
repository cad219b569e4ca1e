# ruff: noqa
"""Short-time spectral features of a synthetic float32 audio signal: frames it, windows each
frame, projects the frames on a cosine basis and pools band energies; prints a checksum."""
import numpy as np


def make_signal(rng, n):
    t = np.arange(n, dtype=np.float32) / np.float32(16000)
    tones = np.sin(np.float32(2 * np.pi * 440) * t) + np.float32(0.5) * np.sin(np.float32(2 * np.pi * 1250) * t)
    return tones + np.float32(0.1) * rng.standard_normal(n, dtype=np.float32)


def cosine_basis(n, k):
    i = np.arange(n)[:, None]
    j = np.arange(k)[None, :]
    return np.cos(np.pi / n * (i + 0.5) * j).astype(np.float32)


def frame(signal, size, hop):
    count = (len(signal) - size) // hop + 1
    idx = np.arange(size)[None, :] + hop * np.arange(count)[:, None]
    return signal[idx]


rng = np.random.default_rng(3)
size, hop, k = 512, 128, 512
basis = cosine_basis(size, k)
window = np.hanning(size)
gain = np.float64(1.0)
energy_total = 0.0
for chunk in range(350):
    signal = make_signal(rng, 16000 * 4)
    frames = frame(signal, size, hop)
    frames = frames * window
    coeffs = frames @ basis
    power = coeffs * coeffs
    bands = power.reshape(len(power), 32, -1).sum(axis=2)
    energy_total += float(bands.sum()) * gain
print(f"frames per chunk: {len(frames)}")
print(f"result: {energy_total:.8e}")
