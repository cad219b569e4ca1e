# ruff: noqa
"""Speech front end for a small keyword recogniser: synthetic voiced utterances (harmonic
tones with formant-like envelopes plus noise), pre-emphasis, framing, Hamming window, power
spectrum, mel filterbank, log and DCT to MFCCs, per-utterance mean/variance normalisation, and
nearest-template scoring of every utterance against the keyword templates."""
from functools import partial

import numpy as np
from scipy.fft import dct

SR = 16000


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_filterbank(n_mels, n_fft):
    edges = np.linspace(hz_to_mel(0.0), hz_to_mel(SR / 2), n_mels + 2)
    hz = np.vectorize(mel_to_hz)(edges)
    bins = np.floor((n_fft + 1) * hz / SR).astype(int)
    fb = np.zeros((n_mels, n_fft // 2 + 1))
    for m in range(1, n_mels + 1):
        lo, c, hi = bins[m - 1], bins[m], bins[m + 1]
        fb[m - 1, lo:c] = (np.arange(lo, c) - lo) / max(c - lo, 1)
        fb[m - 1, c:hi] = (hi - np.arange(c, hi)) / max(hi - c, 1)
    return fb


def synth_utterance(rng, seconds):
    t = np.arange(int(SR * seconds)) / SR
    f0 = rng.uniform(90, 220) * (1 + 0.1 * np.sin(2 * np.pi * rng.uniform(1, 4) * t))
    phase = 2 * np.pi * np.cumsum(f0) / SR
    x = sum(np.sin(h * phase) / h for h in range(1, 5))
    return x * np.hanning(len(t)) + 0.05 * rng.standard_normal(len(t))


def preemphasis(x, coef=0.97):
    return np.append(x[0], x[1:] - coef * x[:-1])


def frame(x, size=400, hop=128):
    n = 1 + (len(x) - size) // hop
    return np.lib.stride_tricks.sliding_window_view(x, size)[::hop][:n]


def power_spectrum(frame_, window, n_fft):
    return np.abs(np.fft.rfft(frame_ * window, n_fft)) ** 2 / n_fft


def stft_power(frames, window, n_fft):
    return np.apply_along_axis(power_spectrum, 1, frames, window, n_fft)


def log_mel(power, fb):
    return np.log(power @ fb.T + 1e-10)


def cepstra(logmel, n_ceps=13):
    return dct(logmel, type=2, axis=1, norm="ortho")[:, :n_ceps]


def cmvn(c):
    return (c - c.mean(axis=0)) / (c.std(axis=0) + 1e-8)


class FrontEnd:
    def __init__(self, n_fft=512, n_mels=40):
        window = np.hamming(400)
        fb = mel_filterbank(n_mels, n_fft)
        self.stages = [preemphasis, frame, partial(stft_power, window=window, n_fft=n_fft),
                       partial(log_mel, fb=fb), cepstra, cmvn]

    def __call__(self, x):
        for stage in self.stages:
            x = stage(x)
        return x


rng = np.random.default_rng(5)
front = FrontEnd()
templates = [front(synth_utterance(rng, 1.0))[:30].mean(axis=0) for _ in range(10)]
templates = np.stack(templates)
scores = []
for utt in range(450):
    feats = front(synth_utterance(rng, rng.uniform(0.8, 1.6)))
    d = ((feats[:, None, :] - templates[None]) ** 2).sum(-1)
    scores.append(d.min(axis=1).mean())
print(f"utterances {len(scores)}, mean score {np.mean(scores):.4f}")
print(f"result: {sum(scores):.10e}")
