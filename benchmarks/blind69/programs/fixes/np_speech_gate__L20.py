# ruff: noqa
"""Speech enhancement by spectral gating: a synthetic voiced signal in coloured noise is cut into
overlapping frames, the noise spectrum is estimated from the leading frames, each frame gets a
Wiener-style gain through a per-frame processing hook, and the signal is overlap-added back."""
from functools import partial

import numpy as np


def wiener_gain(snr, floor=0.08):
    g = snr / (1.0 + snr)
    return g if g > floor else floor


gain_fn = np.vectorize(wiener_gain)


def gate_frame(spec, noise_psd, over=1.5):
    snr = np.maximum(np.abs(spec) ** 2 / (over * noise_psd) - 1.0, 0.0)
    return spec * np.maximum(snr / (1.0 + snr), 0.08)


def make_signal(rng, sr, seconds):
    t = np.arange(int(sr * seconds)) / sr
    f0 = 140.0 + 30.0 * np.sin(2 * np.pi * 0.3 * t)
    voiced = sum(np.sin(2 * np.pi * k * np.cumsum(f0) / sr) / k for k in range(1, 6))
    envelope = (np.sin(2 * np.pi * 0.7 * t) > -0.2).astype(float)
    noise = np.convolve(rng.normal(0.0, 0.4, t.size), [1.0, 0.6, 0.3], mode="same")
    return voiced * envelope, voiced * envelope + noise


def enhance(x, n_fft, hop, hook):
    win = np.hanning(n_fft)
    n_frames = 1 + (len(x) - n_fft) // hop
    out = np.zeros(len(x))
    norm = np.zeros(len(x))
    frames = np.stack([x[i * hop : i * hop + n_fft] * win for i in range(n_frames)])
    specs = np.fft.rfft(frames, axis=1)
    for i in range(n_frames):
        y = np.fft.irfft(hook(specs[i]), n=n_fft) * win
        out[i * hop : i * hop + n_fft] += y
        norm[i * hop : i * hop + n_fft] += win * win
    return out / np.maximum(norm, 1e-8)


rng = np.random.default_rng(3)
sr, n_fft, hop = 16000, 512, 256
clean, noisy = make_signal(rng, sr, 300.0)
lead = np.fft.rfft(np.stack([noisy[i * hop : i * hop + n_fft] * np.hanning(n_fft) for i in range(30)]), axis=1)
noise_psd = (np.abs(lead) ** 2).mean(axis=0)
enhanced = enhance(noisy, n_fft, hop, partial(gate_frame, noise_psd=noise_psd))
snr_in = 10 * np.log10((clean ** 2).sum() / ((noisy - clean) ** 2).sum())
snr_out = 10 * np.log10((clean ** 2).sum() / ((enhanced - clean) ** 2).sum())
print(f"snr in {snr_in:.2f} dB, out {snr_out:.2f} dB")
print(f"result: {snr_out + np.abs(enhanced).sum():.10e}")
