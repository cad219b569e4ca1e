# ruff: noqa
"""Voice activity detection for a speech-enhancement front end: utterances are framed, a
log-energy and spectral-flatness feature is computed per frame in torch, each utterance gets an
adaptive threshold from a Detector, and the detections are scored against the reference labels."""
import numpy as np
import torch

torch.manual_seed(0)


class Detector:
    def __init__(self, weights=(0.55, 0.3, 0.15)):
        self.weights = list(weights)
        self.scale = self.weights[0] / sum(self.weights)

    def threshold(self, energy):
        w = self.weights
        peak = max(energy)
        floor = torch.quantile(energy, 0.1)
        return floor + self.scale * (peak - floor)

    def __call__(self, energy, flatness):
        thr = self.threshold(energy)
        return (energy > thr) & (flatness < 0.6)


def frame_features(wave, n_fft=200, hop=40):
    frames = wave.unfold(0, n_fft, hop) * torch.hann_window(n_fft)
    power = torch.fft.rfft(frames).abs() ** 2 + 1e-10
    energy = torch.log10(power.sum(dim=1))
    flatness = torch.exp(torch.log(power).mean(dim=1)) / power.mean(dim=1)
    return energy, flatness


def utterances(rng, n, sr=8000):
    for _ in range(n):
        secs = rng.uniform(6.0, 12.0)
        t = torch.arange(int(sr * secs)) / sr
        active = (torch.sin(2 * np.pi * rng.uniform(0.2, 0.5) * t) > 0).float()
        voice = torch.sin(2 * np.pi * 180 * t) + 0.5 * torch.sin(2 * np.pi * 360 * t)
        noise = torch.from_numpy(rng.normal(0.0, 0.3, t.numel()).astype(np.float32))
        yield voice * active + noise, active


rng = np.random.default_rng(9)
detector = Detector()
tp = fp = fn = 0
frames_total = 0
for wave, active in utterances(rng, 240):
    energy, flatness = frame_features(wave)
    ref = active.unfold(0, 200, 40).mean(dim=1) > 0.5
    pred = detector(energy, flatness)
    tp += int((pred & ref).sum())
    fp += int((pred & ~ref).sum())
    fn += int((~pred & ref).sum())
    frames_total += len(ref)
f1 = 2 * tp / (2 * tp + fp + fn)
print(f"frames {frames_total}, F1 {f1:.4f}")
print(f"result: {f1 + tp + 0.5 * fp:.10e}")
