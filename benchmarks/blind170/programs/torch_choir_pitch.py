"""Intonation check of the sectional warm-up recordings.

Every singer records the same exercise, a sustained major scale against the piano's A4 = 440 Hz.
A frame-wise autocorrelation pitch tracker (windowed, normalised by the window's own
autocorrelation, parabolic peak refinement) turns each take into an f0 track; the voiced frames
give each singer's mean deviation from the target notes in cents, the drift over the take and
the vibrato extent, which the section leaders get as a table.
"""
import math
from dataclasses import dataclass, field
from functools import partial

import numpy as np
import torch

SEED = 170
SR = 16_000
FRAME = 1024
HOP = 100
FMIN, FMAX = 70.0, 1000.0
NOTE_SECONDS = 1.5
SCALE_STEPS = (0, 2, 4, 5, 7, 9, 11, 12)

# starting note of the scale per section (MIDI) and the singers per section
SECTIONS = {
    "soprano": (67, 9),
    "alto": (60, 8),
    "tenor": (55, 6),
    "bass": (48, 7),
}


def midi_to_hz(m):
    return 440.0 * 2.0 ** ((m - 69) / 12.0)


@dataclass
class Take:
    singer: str
    section: str
    targets: list
    audio: torch.Tensor = field(repr=False)


def sing(targets, gen, flat_cents, vibrato_cents, rate_hz):
    """A synthetic voice: harmonic tone, vibrato, slow flattening and breath noise."""
    harmonics = torch.tensor([1.0, 0.7, 0.5, 0.35, 0.22, 0.14, 0.09, 0.05])
    n = int(NOTE_SECONDS * SR)
    t = torch.arange(n * len(targets)) / SR
    base = torch.tensor([midi_to_hz(m) for m in targets]).repeat_interleave(n)
    cents = -flat_cents * t / t[-1] + vibrato_cents * torch.sin(2 * math.pi * rate_hz * t)
    f0 = base * 2.0 ** (cents / 1200.0)
    phase = 2 * math.pi * torch.cumsum(f0, 0) / SR
    k = torch.arange(1, len(harmonics) + 1)
    voice = (harmonics[:, None] * torch.sin(k[:, None] * phase)).sum(0)
    return voice + 0.05 * torch.randn(len(voice), generator=gen)


class PitchTracker:
    def __init__(self, frame=FRAME, hop=HOP):
        self.frame, self.hop = frame, hop
        self.window = torch.from_numpy(np.hanning(frame))
        self.window_acf = self._acf(self.window[None, :])[0].clamp_min(1e-6)
        self.lags = slice(int(SR / FMAX), int(SR / FMIN) + 1)

    def _acf(self, frames):
        spec = torch.fft.rfft(frames, n=2 * self.frame)
        acf = torch.fft.irfft(spec.real**2 + spec.imag**2, n=2 * self.frame)[:, : self.frame]
        return acf / acf[:, :1].clamp_min(1e-12)

    def track(self, audio):
        frames = audio.unfold(0, self.frame, self.hop)
        frames = (frames - frames.mean(dim=1, keepdim=True)) * self.window
        acf = self._acf(frames) / self.window_acf
        seg = acf[:, self.lags]
        best = seg.argmax(dim=1).clamp(1, seg.shape[1] - 2)
        rows = torch.arange(len(seg))
        left, mid, right = seg[rows, best - 1], seg[rows, best], seg[rows, best + 1]
        shift = 0.5 * (left - right) / (left - 2 * mid + right).clamp(max=-1e-9)
        lag = best + self.lags.start + shift
        return SR / lag, mid > 0.6


def intonation(take, tracker):
    f0, voiced = tracker.track(take.audio)
    n_note = int(NOTE_SECONDS * SR)
    centre = torch.arange(len(f0)) * tracker.hop + tracker.frame // 2
    note_idx = (centre // n_note).clamp(max=len(take.targets) - 1)
    target = torch.tensor([midi_to_hz(m) for m in take.targets], dtype=f0.dtype)[note_idx]
    cents = 1200.0 * torch.log2(f0 / target)
    steady = voiced & (cents.abs() < 150.0)
    c, tt = cents[steady], centre[steady].to(f0.dtype) / SR
    slope = ((tt - tt.mean()) * (c - c.mean())).sum() / ((tt - tt.mean()) ** 2).sum()
    return float(c.mean()), float(slope), float(c.std()), float(steady.float().mean())


gen = torch.Generator().manual_seed(SEED)
rng = np.random.default_rng(SEED)
takes = []
for section, (root, count) in SECTIONS.items():
    targets = [root + step for step in SCALE_STEPS]
    for k in range(count):
        voice = partial(sing, flat_cents=rng.uniform(0, 35), vibrato_cents=rng.uniform(15, 60),
                        rate_hz=rng.uniform(4.8, 6.2))
        takes.append(Take(f"{section}{k + 1}", section, targets, voice(targets, gen)))

tracker = PitchTracker()
table = {take.singer: intonation(take, tracker) for take in takes}
by_section = {
    sec: np.mean([table[t.singer][0] for t in takes if t.section == sec]) for sec in SECTIONS
}
print("mean deviation (cents):", {k: round(float(v), 1) for k, v in by_section.items()})
total = sum(abs(m) + 10 * abs(s) + v + 100 * f for m, s, v, f in table.values())
print(f"result: {total:.10e}")
