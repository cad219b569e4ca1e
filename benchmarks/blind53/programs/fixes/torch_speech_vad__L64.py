# ruff: noqa
"""Evaluation of a small voice-activity detector on synthetic speech-like audio: log-mel
features from an STFT, a frame classifier, and callbacks that collect the speech ratio, a
clipping monitor and the frame accuracy over the evaluation set."""
import math

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
SR = 16000
HOP = 160
N_FFT = 400


def mel_filterbank(n_mels=40, n_fft=N_FFT, sr=SR):
    f = torch.linspace(0, sr / 2, n_fft // 2 + 1)
    mel = 2595 * torch.log10(1 + f / 700)
    edges = torch.linspace(mel[0], mel[-1], n_mels + 2)
    lo, mid, hi = edges[:-2, None], edges[1:-1, None], edges[2:, None]
    up = (mel[None] - lo) / (mid - lo)
    down = (hi - mel[None]) / (hi - mid)
    return torch.clamp(torch.minimum(up, down), min=0.0)


class Frontend:
    def __init__(self):
        self.fb = mel_filterbank().to(device)
        self.window = torch.hann_window(N_FFT, device=device)

    def __call__(self, wave):
        spec = torch.stft(wave, N_FFT, HOP, window=self.window, return_complex=True)
        power = spec.abs() ** 2
        return torch.log(self.fb @ power + 1e-6).transpose(1, 2)


class VAD(nn.Module):
    def __init__(self, n_mels=40, width=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_mels, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, 1))

    def forward(self, feats):
        return self.net(feats).squeeze(-1)


class SpeechRatio:
    def __init__(self):
        self.speech = 0.0
        self.frames = 0

    def __call__(self, batch):
        self.speech += float((batch["logits"] > 0).sum())
        self.frames += batch["logits"].numel()


class ClippingMonitor:
    def __init__(self, limit=0.99, block=20):
        self.limit = limit
        self.block = block
        self.peaks = []

    def __call__(self, batch):
        frame_peak = batch["wave"].abs().reshape(-1, self.block).amax(dim=1)
        self.peaks.append(float(frame_peak.max()))


class FrameAccuracy:
    def __init__(self, weights=(0.5, 0.3, 0.2)):
        self.weights = list(weights)
        self.correct = 0.0
        self.total = 0

    def __call__(self, batch):
        norm = sum(self.weights)
        labels = batch["labels"]
        hit = ((batch["logits"][:, : labels.shape[1]] > 0) == labels).float().mean()
        self.correct += float(hit) * norm
        self.total += 1


def synth_batch(gen, n_utt=8, seconds=2.0):
    n = int(SR * seconds)
    t = torch.arange(n) / SR
    f0 = 110 + 90 * torch.rand(n_utt, 1, generator=gen)
    voiced = (torch.rand(n_utt, n // (HOP * 20) + 1, generator=gen) > 0.5).float()
    gate = voiced.repeat_interleave(HOP * 20, dim=1)[:, :n]
    harmonics = sum(torch.sin(2 * math.pi * k * f0 * t) / k for k in range(1, 6))
    wave = 0.3 * gate * harmonics + 0.02 * torch.randn(n_utt, n, generator=gen)
    labels = gate[:, ::HOP][:, : n // HOP + 1]
    return wave, labels


torch.manual_seed(0)
gen = torch.Generator().manual_seed(1)
frontend = Frontend()
model = VAD().to(device).eval()
callbacks = [SpeechRatio(), ClippingMonitor(), FrameAccuracy()]
with torch.no_grad():
    for step in range(50):
        wave, labels = synth_batch(gen)
        wave, labels = wave.to(device), labels.to(device)
        logits = model(frontend(wave))
        batch = {"wave": wave, "logits": logits, "labels": labels}
        for cb in callbacks:
            cb(batch)
ratio, clip, acc = callbacks
print(f"speech ratio {ratio.speech / ratio.frames:.3f}, max peak {max(clip.peaks):.3f}, accuracy {acc.correct / acc.total:.3f}")
print(f"result: {ratio.speech / ratio.frames + sum(clip.peaks) + acc.correct / acc.total:.10e}")
