# ruff: noqa
"""Wavetable pad synthesiser in torch: a bank of detuned oscillators reads a band-limited
sawtooth table with linear interpolation and slow vibrato, each voice under its own swell
envelope; the voices are mixed block by block through a soft clipper and the render's loudness
and spectral centroid are reported."""
import numpy as np
import torch

SR = 32000
BLOCK = 2048
TABLE = 4096


def saw_table(n_harmonics=40):
    phase = torch.arange(TABLE, dtype=torch.float32) / TABLE
    k = torch.arange(1, n_harmonics + 1, dtype=torch.float32)
    return (torch.sin(2 * np.pi * k[:, None] * phase[None, :]) / k[:, None]).sum(0) * (2 / np.pi)


class OscillatorBank:
    def __init__(self, freqs, rng):
        self.n = freqs.shape[0]
        self.table = saw_table()
        self.step = freqs / SR
        self.phase = torch.rand(self.n, generator=torch.Generator().manual_seed(2))
        self.drift = torch.from_numpy(rng.normal(0.0, 2e-6, size=self.n))
        self.ramp = torch.arange(BLOCK, dtype=torch.float32)
        self.brightness = torch.linspace(0.2, 0.8, self.n)

    def advance(self):
        self.phase = torch.remainder(self.phase + BLOCK * self.step + self.drift, 1.0)

    def render(self):
        pos = torch.remainder(self.phase[:, None] + self.step[:, None] * self.ramp, 1.0) * TABLE
        i0 = pos.long() % TABLE
        frac = pos - torch.floor(pos)
        a, b = self.table[i0], self.table[(i0 + 1) % TABLE]
        saw = a + frac * (b - a)
        sine = torch.sin((2 * np.pi / TABLE) * pos)
        out = self.brightness[:, None] * saw + (1.0 - self.brightness[:, None]) * torch.exp(-0.5 * sine ** 2) * sine
        self.advance()
        return out


def swell(n_voices, n_blocks):
    t = torch.linspace(0.0, 1.0, n_blocks)
    offs = torch.linspace(0.0, 0.5, n_voices)
    return torch.sin(np.pi * torch.clamp(t[None, :] - offs[:, None], 0.0, 0.5) * 2) ** 2


def render(bank, envelope, hooks=()):
    blocks = []
    for k in range(envelope.shape[1]):
        voices = bank.render()
        mixed = (envelope[:, k : k + 1] * voices).sum(0) / bank.n ** 0.5
        blocks.append(torch.tanh(mixed))
        for hook in hooks:
            hook(k, blocks[-1])
    return torch.cat(blocks)


rng = np.random.default_rng(8)
base = torch.tensor([110.0, 130.81, 164.81, 196.0, 220.0, 261.63], dtype=torch.float32)
freqs = (base[:, None] * (1.0 + 0.004 * torch.randn(6, 16, generator=torch.Generator().manual_seed(4)))).reshape(-1)
window = torch.from_numpy(np.hanning(BLOCK)).float()
peaks = []
audio = render(OscillatorBank(freqs, rng), swell(freqs.shape[0], 360), hooks=[lambda k, b: k % 50 == 0 and peaks.append(b.abs().max())])
loud = audio.double().pow(2).mean().sqrt()
spec = torch.fft.rfft(audio[-BLOCK:] * window).abs()
centroid = (spec * torch.arange(spec.shape[0])).sum() / spec.sum() * SR / BLOCK
print(f"{audio.shape[0] / SR:.1f} s, loudness {float(loud):.6f}, centroid {float(centroid):.1f} Hz, dtype {audio.dtype}")
print(f"result: {float(loud) + float(centroid) * 1e-4 + float(sum(peaks)):.10e}")
