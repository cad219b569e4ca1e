# ruff: noqa
"""Streaming log-mel features for a batch of synthetic speech-like clips: each clip is framed
with a hop, windowed, turned into a power spectrum, passed through a triangular mel filterbank
and logged; every clip is then summarised by the mean and spread of each band."""
from dataclasses import dataclass, field

import numpy as np

SR = 16000
FRAME = 400
HOP = 160
N_FFT = 512
N_MELS = 64


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_filterbank(n_fft=N_FFT, n_mels=N_MELS):
    edges = mel_to_hz(np.linspace(hz_to_mel(0.0), hz_to_mel(SR / 2), n_mels + 2))
    bins = np.floor((n_fft + 1) * edges / SR).astype(int)
    fb = np.zeros((n_mels, n_fft // 2 + 1))
    for m in range(1, n_mels + 1):
        lo, mid, hi = bins[m - 1], bins[m], bins[m + 1]
        fb[m - 1, lo:mid] = (np.arange(lo, mid) - lo) / max(mid - lo, 1)
        fb[m - 1, mid:hi] = (hi - np.arange(mid, hi)) / max(hi - mid, 1)
    return fb


def synth_clip(rng, seconds):
    t = np.arange(int(seconds * SR)) / SR
    f0 = 110 + 40 * np.sin(2 * np.pi * 0.7 * t)
    phase = 2 * np.pi * np.cumsum(f0) / SR
    voiced = sum(np.sin(k * phase) / k for k in (1, 2, 3, 4))
    return voiced * (0.5 + 0.5 * np.sin(2 * np.pi * 3 * t)) + 0.05 * rng.standard_normal(t.size)


@dataclass
class FeatureBuffer:
    n_mels: int
    feats: np.ndarray = field(init=False)

    def __post_init__(self):
        self.feats = np.empty((0, self.n_mels))

    def push(self, row):
        self.feats = np.concatenate([self.feats, row[None, :]])


class LogMel:
    def __init__(self):
        self.window = np.hanning(FRAME)
        self.fb = mel_filterbank()

    def frame(self, x):
        spec = np.abs(np.fft.rfft(x * self.window, N_FFT)) ** 2
        return np.log(self.fb @ spec + 1e-10)


def stream(clip, extractor):
    buf = FeatureBuffer(N_MELS)
    start = 0
    while start + FRAME <= clip.size:
        buf.push(extractor.frame(clip[start:start + FRAME]))
        start += HOP
    return buf.feats


rng = np.random.default_rng(3)
extractor = LogMel()
summary = []
for c in range(10):
    clip = synth_clip(rng, 45.0)
    feats = stream(clip, extractor)
    stats = np.concatenate([feats.mean(axis=0), feats.std(axis=0)])
    summary.append(stats)
summary = np.array(summary)
print(f"clips: {summary.shape[0]}, frames per clip: {feats.shape[0]}")
print(f"result: {summary.sum():.10e}")
