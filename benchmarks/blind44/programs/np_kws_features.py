# ruff: noqa
"""Keyword spotting front end: synthetic utterances (harmonic tones with formant-like
envelopes plus noise) are framed, windowed and turned into log-mel features, a spectral
flatness voice-activity score and per-utterance mean/variance normalisation; a nearest-centroid
classifier is fitted on the training utterances and scored on the rest."""
from functools import partial

import numpy as np

SR = 16000
N_FFT = 400
HOP = 160
N_MELS = 40


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_filterbank(n_mels, n_fft, sr):
    edges_hz = np.vectorize(mel_to_hz)(np.linspace(hz_to_mel(0.0), hz_to_mel(sr / 2), n_mels + 2))
    bins = np.floor((n_fft + 1) * edges_hz / sr).astype(int)
    fb = np.zeros((n_mels, n_fft // 2 + 1))
    for m in range(1, n_mels + 1):
        lo, mid, hi = bins[m - 1], bins[m], bins[m + 1]
        fb[m - 1, lo:mid] = (np.arange(lo, mid) - lo) / max(mid - lo, 1)
        fb[m - 1, mid:hi] = (hi - np.arange(mid, hi)) / max(hi - mid, 1)
    return fb


def spectral_flatness(frame, eps):
    return np.exp(np.mean(np.log(frame + eps))) / (np.mean(frame) + eps)


class UtteranceDataset:
    def __init__(self, n, n_words, rng):
        self.rng = rng
        self.words = rng.integers(0, n_words, size=n)
        self.pitch = rng.uniform(90.0, 250.0, size=n)
        self.formants = rng.uniform(300.0, 3000.0, size=(n_words, 3))

    def __len__(self):
        return len(self.words)

    def __getitem__(self, i):
        t = np.arange(int(0.8 * SR)) / SR
        f0 = self.pitch[i]
        wave = np.zeros_like(t)
        for h in range(1, 5):
            gain = np.exp(-((h * f0 - self.formants[self.words[i]][:, None]) ** 2) / 2e5).sum()
            wave += gain * np.sin(2 * np.pi * h * f0 * t)
        return wave + 0.05 * self.rng.standard_normal(len(t)), self.words[i]


class FeatureExtractor:
    def __init__(self):
        self.window = np.hanning(N_FFT)
        self.fb = mel_filterbank(N_MELS, N_FFT, SR)
        self.flatness = partial(spectral_flatness, eps=1e-10)

    def frames(self, wave):
        n = 1 + (len(wave) - N_FFT) // HOP
        idx = np.arange(N_FFT)[None, :] + HOP * np.arange(n)[:, None]
        return wave[idx] * self.window

    def __call__(self, wave):
        power = np.abs(np.fft.rfft(self.frames(wave), axis=1)) ** 2
        logmel = np.log(power @ self.fb.T + 1e-10)
        vad = np.apply_along_axis(self.flatness, 1, power) < 0.5
        feats = logmel[vad] if vad.any() else logmel
        feats = (feats - feats.mean(axis=0)) / (feats.std(axis=0) + 1e-8)
        return np.concatenate([feats.mean(axis=0), feats.std(axis=0), [vad.mean()]])


rng = np.random.default_rng(5)
data = UtteranceDataset(1200, n_words=6, rng=rng)
extract = FeatureExtractor()
X, y = map(np.array, zip(*((extract(w), label) for w, label in (data[i] for i in range(len(data))))))
train = np.arange(len(y)) < 840
centroids = np.stack([X[train & (y == k)].mean(axis=0) for k in range(6)])
dist = ((X[~train][:, None, :] - centroids[None]) ** 2).sum(axis=2)
acc = float((dist.argmin(axis=1) == y[~train]).mean())
print(f"test accuracy {acc:.3f} on {int((~train).sum())} utterances")
print(f"result: {acc + float(np.abs(X).sum()):.10e}")
