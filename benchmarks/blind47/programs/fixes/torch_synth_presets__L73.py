# ruff: noqa
"""Wavetable synthesizer rendering a generated melody: every note reads its instrument preset
(a wavetable, ADSR envelope and EQ loaded as plain JSON-like data), resamples the wavetable at
the note's pitch, applies the envelope and mixes the note into the output buffer; prints the
rendered track's level per instrument."""
import math

import torch

SR = 16000

def _table(harmonics, n=4096):
    t = [2 * math.pi * i / n for i in range(n)]
    return [sum(a * math.sin(h * x) for h, a in harmonics) for x in t]


PRESETS = {
    "flute": {"table": _table([(1, 1.0), (2, 0.2), (3, 0.05)]), "adsr": [0.05, 0.1, 0.7, 0.2], "eq": [1.0, 0.8, 0.5]},
    "organ": {"table": _table([(1, 1.0), (2, 0.5), (4, 0.3), (8, 0.2)]), "adsr": [0.01, 0.05, 0.9, 0.1], "eq": [1.0, 1.0, 0.9]},
    "brass": {"table": _table([(h, 1.0 / h) for h in range(1, 9)]), "adsr": [0.08, 0.2, 0.6, 0.2], "eq": [0.9, 1.0, 1.0]},
    "bell": {"table": _table([(1, 1.0), (3, 0.6), (5, 0.5), (7, 0.4)]), "adsr": [0.001, 0.6, 0.2, 0.5], "eq": [1.0, 0.6, 0.4]},
}


class Voice:
    def __init__(self, name):
        self.name = name
        self.preset = PRESETS[name]

    @property
    def wavetable(self):
        return torch.tensor(self.preset["table"], dtype=torch.float32)

    def envelope(self, n):
        a, d, s, r = self.preset["adsr"]
        t = torch.arange(n, dtype=torch.float32) / SR
        dur = n / SR
        env = torch.clamp(t / a, max=1.0)
        env = env * torch.where(t > a, s + (1 - s) * torch.exp(-(t - a) / d), torch.ones_like(t))
        return env * torch.clamp((dur - t) / r, 0.0, 1.0)

    def render(self, freq, n):
        table = self.wavetable
        phase = (torch.arange(n, dtype=torch.float32) * (freq * table.numel() / SR)) % table.numel()
        i0 = phase.long()
        frac = phase - i0
        wave = table[i0] * (1 - frac) + table[(i0 + 1) % table.numel()] * frac
        return wave * self.envelope(n)


def melody(gen, n_notes):
    degrees = torch.tensor([0, 2, 4, 5, 7, 9, 11, 12])
    steps = torch.randint(0, 8, (n_notes,), generator=gen)
    octave = torch.randint(-1, 2, (n_notes,), generator=gen)
    freqs = 261.63 * 2.0 ** ((degrees[steps] + 12 * octave) / 12.0)
    lengths = torch.randint(600, 1800, (n_notes,), generator=gen)
    return freqs.tolist(), lengths.tolist()


gen = torch.Generator().manual_seed(4)
voices = [Voice(n) for n in PRESETS]
out = torch.zeros(SR * 120)
levels = {}
for k, v in enumerate(voices):
    eq = torch.tensor(v.preset["eq"])
    freqs, lengths = melody(gen, 1500)
    pos = 0
    energy = torch.zeros((), dtype=torch.float64)
    for f, n in zip(freqs, lengths):
        note = v.render(f, n) * eq[k % 3]
        end = min(out.numel(), pos + n)
        out[pos:end] += note[: end - pos]
        energy += note.square().sum()
        pos = (pos + n // 2) % (out.numel() - 2400)
    energy = float(energy)
    levels[v.name] = energy
    print(f"{v.name:>6}: energy {energy:.2f}")
print(f"result: {out.abs().sum().item() + sum(levels.values()):.10e}")
