# ruff: noqa
"""Acoustic features for a birdsong field-recording archive: each recording is framed and
windowed, its power spectrum is mapped onto a mel filterbank, log mel energies are normalised per
recording, and every recording is scored against per-species spectral templates."""
from functools import partial

import numpy as np

SAMPLE_RATE = 22050
FRAME = 512
HOP = 128
N_MELS = 128
SPECIES = ("wren", "blackcap", "chiffchaff", "robin", "song thrush", "blackbird")


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_filterbank(n_mels, n_fft, sr):
    mels = np.linspace(hz_to_mel(500.0), hz_to_mel(10000.0), n_mels + 2)
    bins = np.floor((n_fft + 1) * mel_to_hz(mels) / sr).astype(int)
    fb = np.zeros((n_mels, n_fft // 2 + 1))
    for m in range(1, n_mels + 1):
        left, centre, right = bins[m - 1], bins[m], bins[m + 1]
        fb[m - 1, left:centre] = (np.arange(left, centre) - left) / max(centre - left, 1)
        fb[m - 1, centre:right] = (right - np.arange(centre, right)) / max(right - centre, 1)
    return fb


def frames_of(signal):
    n = 1 + (len(signal) - FRAME) // HOP
    idx = np.arange(FRAME)[None, :] + HOP * np.arange(n)[:, None]
    return signal[idx] * np.hanning(FRAME)


class MelFeatures:
    def __init__(self, fb):
        self.fb = fb

    def __call__(self, signal):
        spec = np.abs(np.fft.rfft(frames_of(signal), axis=1)) ** 2
        mel = spec @ self.fb.T
        logmel = np.log(mel + 1e-10)
        return (logmel - logmel.mean()) / (logmel.std() + 1e-6)


def species_call(seconds, species):
    t = np.arange(int(seconds * SAMPLE_RATE)) / SAMPLE_RATE
    f0 = 2000.0 + 900.0 * species
    chirp = np.sin(2 * np.pi * (f0 * t + 300.0 * np.sin(2 * np.pi * (3 + species) * t)))
    gate = (np.sin(2 * np.pi * 1.5 * t) > 0.2).astype(float)
    return chirp * gate


def synth_recording(rng, calls, species):
    clean = calls[species]
    return rng.uniform(0.5, 1.5) * clean + 0.3 * rng.normal(size=clean.size)


rng = np.random.default_rng(5)
features = MelFeatures(mel_filterbank(N_MELS, FRAME, SAMPLE_RATE))
templates = rng.normal(size=(len(SPECIES), N_MELS))
calls = [species_call(4.0, s) for s in range(len(SPECIES))]
n_rec = 120
scores = np.zeros((n_rec, len(SPECIES)))
best = []
for r in range(n_rec):
    species = r % len(SPECIES)
    x = synth_recording(rng, calls, species)
    f = features(x)
    scores[r] = f.mean(axis=0) @ templates.T + np.abs(f).mean()
    best.append(max(scores[r]))
top = scores.argmax(axis=1)
print("recordings per top species:", np.bincount(top, minlength=len(SPECIES)))
print(f"result: {scores.sum() + sum(best):.10e}")
