# ruff: noqa
"""Temperature drift of a pipe organ's tuning: for every pipe of every rank (open and stopped
flue pipes, with end corrections) the sounding frequency is computed over a day of church
temperatures and compared with the tuning at 18 C; prints the worst rank and the mean drift in
cents."""
import math

import numpy as np

NOTE_NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]


def speed_of_sound(temp_c):
    return 331.3 * math.sqrt(1.0 + temp_c / 273.15)


def pipe_frequency(length, radius, stopped, c):
    if stopped:
        return c / (4.0 * (length + 0.61 * radius))
    return c / (2.0 * (length + 1.22 * radius))


frequencies = np.vectorize(pipe_frequency)


def note_label(midi):
    return f"{NOTE_NAMES[midi % 12]}{midi // 12 - 1}"


class Rank:
    def __init__(self, name, footage, scale, stopped, n_notes=61):
        self.name = name
        midi = np.arange(36, 36 + n_notes)
        f_nominal = 440.0 * 2.0 ** ((midi - 69) / 12) * 8.0 / footage
        c18 = speed_of_sound(18.0)
        self.stopped = np.full(n_notes, stopped)
        self.radius = scale * (f_nominal / 65.0) ** -0.6
        quarter = 4.0 if stopped else 2.0
        corr = 0.61 if stopped else 1.22
        self.length = c18 / (quarter * f_nominal) - corr * self.radius
        self.reference = f_nominal

    def drift_cents(self, c):
        f = frequencies(self.length, self.radius, self.stopped, c)
        return 1200.0 * np.log2(f / self.reference)


def make_ranks(rng):
    ranks = []
    for i in range(24):
        footage = [16.0, 8.0, 4.0, 2.0][i % 4]
        ranks.append(Rank(f"rank{i:02d}", footage, rng.uniform(0.03, 0.08), i % 3 == 0))
    return ranks


rng = np.random.default_rng(5)
ranks = make_ranks(rng)
labels = np.array([note_label(m) for m in range(36, 97)])
hours = np.linspace(0.0, 24.0, 3000)
temps = 14.0 + 6.0 * np.sin(2 * np.pi * (hours - 9.0) / 24.0) + rng.normal(0.0, 0.3, hours.size)
worst = {}
total = 0.0
for temp in temps:
    c = speed_of_sound(temp)
    for rank in ranks:
        d = rank.drift_cents(c)
        worst[rank.name] = max(worst.get(rank.name, 0.0), float(np.abs(d).max()))
        total += d.mean()
name = max(worst, key=worst.get)
print(f"worst rank {name}: {worst[name]:.2f} cents (top note {labels[-1]}); mean drift {total / (len(temps) * len(ranks)):.3f} cents")
print(f"result: {total + sum(worst.values()):.10e}")
