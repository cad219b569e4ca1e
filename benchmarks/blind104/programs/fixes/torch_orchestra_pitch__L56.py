# ruff: noqa
"""Tuning check before a concert: every player's sustained A is recorded in short blocks, each
block's spectrum is taken with a Hann window, the fundamental is found by a peak search with
parabolic interpolation, and each player's median pitch is compared with the concertmaster's
choice of reference (440, 442 or 443 Hz)."""
import math
from dataclasses import dataclass

import torch

SAMPLE_RATE = 44_100
FRAME = 4096


@dataclass
class Player:
    name: str
    pitch_hz: float
    brightness: float
    seed: int

    def blocks(self, n_blocks, frames_per_block=2):
        gen = torch.Generator().manual_seed(self.seed)
        t = torch.arange(frames_per_block * FRAME, dtype=torch.float32) / SAMPLE_RATE
        for b in range(n_blocks):
            wobble = 1.0 + 0.0015 * math.sin(0.7 * b)
            f0 = self.pitch_hz * wobble
            sig = torch.sin(2 * math.pi * f0 * t)
            sig += self.brightness * torch.sin(4 * math.pi * f0 * t + 0.3)
            sig += 0.05 * torch.randn(sig.shape, generator=gen)
            yield sig.view(frames_per_block, FRAME)


class Tuner:
    def __init__(self, lo_hz=380.0, hi_hz=500.0):
        self.window_table = [0.5 - 0.5 * math.cos(2 * math.pi * i / FRAME) for i in range(FRAME)]
        self.lo = int(lo_hz * FRAME / SAMPLE_RATE)
        self.hi = int(hi_hz * FRAME / SAMPLE_RATE) + 1
        self.reference = torch.tensor([440.0, 442.0, 443.0])

    def band(self, block):
        window = torch.tensor(self.window_table)
        spec = torch.fft.rfft(block * window).abs().mean(0)
        return spec[self.lo : self.hi]

    def peak_hz(self, bands):
        k = bands[:, 1:-1].argmax(1) + 1
        rows = torch.arange(len(bands))
        a, b, c = bands[rows, k - 1], bands[rows, k], bands[rows, k + 1]
        delta = 0.5 * (a - c) / (a - 2 * b + c)
        return (self.lo + k + delta) * SAMPLE_RATE / FRAME

    def check(self, player, n_blocks):
        bands = torch.stack(list(map(self.band, player.blocks(n_blocks))))
        hz = self.peak_hz(bands).median()
        ref = self.reference
        cents = 1200.0 * torch.log2(hz / ref)
        return hz, cents


gen = torch.Generator().manual_seed(8)
players = [
    Player(f"player {i:02d}", 440.0 + 4.0 * float(torch.rand(1, generator=gen)) - 1.0,
           0.2 + 0.4 * float(torch.rand(1, generator=gen)), seed=100 + i)
    for i in range(40)
]
tuner = Tuner()
summary = []
for p in players:
    hz, cents = tuner.check(p, n_blocks=64)
    summary.append(torch.cat([hz.view(1), cents]))
table = torch.stack(summary)
sharpest = int(table[:, 2].argmax())
print(f"sharpest against 443: {players[sharpest].name} ({float(table[sharpest, 0]):.2f} Hz)")
print(f"result: {float(table.abs().sum()):.10e}")
