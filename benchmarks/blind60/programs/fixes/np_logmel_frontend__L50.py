# ruff: noqa
"""Log-mel feature front end for a speech recogniser: pre-emphasis, framing with a Hann window,
power spectra, a triangular mel filterbank, log compression with a floor, and per-utterance
mean normalisation, over a batch of synthetic utterances."""
import math
import numpy as np

SR = 16000


def hz_to_mel(f):
    return 2595.0 * math.log10(1.0 + f / 700.0)


def mel_to_hz(m):
    return 700.0 * (10.0 ** (m / 2595.0) - 1.0)


def mel_filterbank(n_mels, n_fft):
    edges_mel = np.linspace(hz_to_mel(0.0), hz_to_mel(SR / 2), n_mels + 2)
    edges_hz = np.vectorize(mel_to_hz)(edges_mel)
    bins = np.fft.rfftfreq(n_fft, 1.0 / SR)
    fb = np.zeros((n_mels, len(bins)))
    for m in range(n_mels):
        lo, c, hi = edges_hz[m], edges_hz[m + 1], edges_hz[m + 2]
        fb[m] = np.clip(np.minimum((bins - lo) / (c - lo), (hi - bins) / (hi - c)), 0.0, None)
    return fb


class FrontEnd:
    def __init__(self, n_mels=40, win=400, hop=160, compress=None):
        self.win, self.hop = win, hop
        self.window = np.hanning(win)
        self.fb = mel_filterbank(n_mels, win)
        self.compress = compress

    def frames(self, signal):
        emph = np.append(signal[0], signal[1:] - 0.97 * signal[:-1])
        n = 1 + (len(emph) - self.win) // self.hop
        idx = np.arange(self.win)[None, :] + self.hop * np.arange(n)[:, None]
        return emph[idx] * self.window

    def __call__(self, signal):
        power = np.abs(np.fft.rfft(self.frames(signal), axis=1)) ** 2 / self.win
        mel = power @ self.fb.T
        feats = self.compress(mel)
        return feats - feats.mean(axis=0)


log_floor = lambda p: np.log(np.maximum(p, 1e-10))


def synth_utterance(rng, seconds):
    t = np.arange(int(seconds * SR)) / SR
    f0 = 110.0 + 40.0 * rng.random()
    sig = sum(np.sin(2 * np.pi * k * f0 * t) / k for k in range(1, 6))
    return sig * (0.5 + 0.5 * np.sin(2 * np.pi * 3.0 * t)) + 0.05 * rng.standard_normal(len(t))


rng = np.random.default_rng(5)
front = FrontEnd(compress=log_floor)
total = 0.0
n_frames = 0
for u in range(900):
    feats = front(synth_utterance(rng, 1.2))
    total += float(np.abs(feats).sum())
    n_frames += len(feats)
print(f"{n_frames} frames, mean |feature| {total / (n_frames * 40):.5f}")
print(f"result: {total:.10e}")
