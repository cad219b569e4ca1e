# ruff: noqa
"""Delay-and-sum beamforming of synthetic ultrasound channel data for a linear array: per-line
receive delays, apodized channel sums, envelope detection with a Hilbert transform, depth gain
compensation by zone and log compression into a B-mode image, frame after frame."""
import numpy as np
from scipy.signal import hilbert

C = 1540.0
FS = 20e6
PITCH = 0.3e-3
TGC_ZONES = [(0, 256, 1.0), (256, 512, 1.4), (512, 768, 1.9), (768, 1024, 2.6)]


def channel_data(rng, n_ch, n_samp, n_lines):
    t = np.arange(n_samp) / FS
    pulse = np.sin(2 * np.pi * 5e6 * t[:400]) * np.hanning(400)
    rf = 0.05 * rng.standard_normal((n_lines, n_ch, n_samp))
    for k in range(6):
        rf[:, :, 100 + 100 * k: 500 + 100 * k] += pulse * (0.5 + 0.1 * k)
    return rf


def receive_delays(n_ch, n_samp):
    x = (np.arange(n_ch) - (n_ch - 1) / 2) * PITCH
    depth = np.arange(n_samp) * C / FS / 2
    dist = np.sqrt(depth[None, :] ** 2 + x[:, None] ** 2)
    idx = np.round((depth[None, :] + dist) / C * FS).astype(np.int64)
    return np.clip(idx, 0, n_samp - 1)


class Beamformer:
    def __init__(self, n_ch, n_samp):
        self.delays = receive_delays(n_ch, n_samp)
        self.apod = np.hamming(n_ch)

    def line(self, rf_line):
        aligned = np.take_along_axis(rf_line, self.delays, axis=1).T
        apod = self.apod
        return aligned @ apod

    def frame(self, rf):
        return np.stack([self.line(rf_line) for rf_line in rf])


def bmode(lines):
    env = np.abs(hilbert(lines, axis=1))
    for start, stop, gain in TGC_ZONES:
        env[:, start:stop] *= gain
    return 20 * np.log10(env / env.max() + 1e-6)


rng = np.random.default_rng(5)
bf = Beamformer(64, 1024)
images = []
for f in range(9):
    rf = channel_data(rng, 64, 1024, 96)
    images.append(bmode(bf.frame(rf)))
compound = np.mean(images, axis=0)
print(f"dynamic range: {compound.min():.1f} dB to {compound.max():.1f} dB")
print("result:", f"{compound.sum():.10e}")
