# ruff: noqa
"""8-bit mu-law speech codec test bench: a synthetic voiced signal (harmonics with vibrato and
noise bursts) is cut into frames, each frame is companded, quantised to 256 levels and expanded
again, and the per-frame signal-to-noise ratio is summarised over mel-spaced bands."""
import math

import numpy as np

SAMPLE_RATE = 16_000


def make_codec(mu=255.0):
    denom = math.log1p(mu)

    def compress(x):
        return np.sign(x) * (np.log1p(mu * np.abs(x)) / denom)

    def expand(y):
        return np.sign(y) * np.expm1(np.abs(y) * denom) / mu

    return compress, expand


def quantise(y, bits=8):
    levels = 2 ** (bits - 1) - 1
    return np.round(y * levels) / levels


def synth_voice(rng, seconds):
    t = np.arange(int(seconds * SAMPLE_RATE)) / SAMPLE_RATE
    f0 = 140.0 * (1.0 + 0.02 * np.sin(2 * np.pi * 5.0 * t))
    phase = 2 * np.pi * np.cumsum(f0) / SAMPLE_RATE
    x = sum(np.sin(k * phase) / k for k in range(1, 6))
    x += 0.05 * rng.standard_normal(t.size) * (np.sin(2 * np.pi * 0.7 * t) > 0.6)
    return 0.9 * x / np.abs(x).max()


def band_edges(n_bands):
    to_mel = np.vectorize(lambda f: 2595.0 * math.log10(1.0 + f / 700.0))
    mels = np.linspace(0.0, to_mel(SAMPLE_RATE / 2), n_bands + 1)
    return 700.0 * (10 ** (mels / 2595.0) - 1.0)


def frame_snr(frames, codec):
    compress, expand = codec
    snrs = []
    for frame in frames:
        decoded = expand(quantise(compress(frame)))
        err = frame - decoded
        snrs.append(10 * np.log10(np.sum(frame ** 2) / (np.sum(err ** 2) + 1e-12)))
    return np.array(snrs)


rng = np.random.default_rng(3)
signal = synth_voice(rng, 360.0)
frame_len = 400
frames = signal[: signal.size // frame_len * frame_len].reshape(-1, frame_len)
snr = frame_snr(frames, make_codec())
edges = band_edges(24)
spec = np.abs(np.fft.rfft(frames, axis=1)) ** 2
freqs = np.fft.rfftfreq(frame_len, 1 / SAMPLE_RATE)
band_energy = np.stack([spec[:, (freqs >= lo) & (freqs < hi)].sum(1) for lo, hi in zip(edges[:-1], edges[1:])], 1)
print(f"frames {len(snr)}, median SNR {np.median(snr):.2f} dB, worst {snr.min():.2f} dB")
print(f"result: {snr.mean() + np.log10(band_energy.sum()):.10e}")
