# ruff: noqa
"""Condition monitoring of a rotating machine: accelerometer samples arrive in blocks and are
kept in a ring buffer holding the last minutes of signal; after every block the most recent
window is analysed for band energies around the shaft harmonics, and an alarm level is
tracked. Prints the number of alarms and a checksum of the band energies."""

from dataclasses import dataclass, field

import numpy as np


@dataclass
class RingBuffer:
    capacity: int
    data: np.ndarray = field(init=False)
    head: int = 0

    def __post_init__(self):
        self.data = np.zeros(self.capacity)

    def push(self, block):
        idx = (self.head + np.arange(len(block))) % self.capacity
        self.data[idx] = block
        self.head = (self.head + len(block)) % self.capacity


def recent_window(buf, size):
    data = buf.data.copy()  # work on a copy, the acquisition thread owns buf.data
    idx = (buf.head - size + np.arange(size)) % buf.capacity
    return data[idx]


def band_energies(buf, size, bands, taper):
    window = recent_window(buf, size)
    window -= window.mean()
    spectrum = np.abs(np.fft.rfft(window * taper)) ** 2
    return np.array([spectrum[lo:hi].sum() for lo, hi in bands])


rng = np.random.default_rng(5)
fs, block, size = 4096, 256, 4096
buf = RingBuffer(capacity=fs * 600)
taper = np.hanning(size)
bands = [(5, 10), (25, 35), (60, 80), (120, 160), (240, 320)]
t = 0.0
alarms = 0
total = np.zeros(len(bands))
for k in range(3500):
    times = t + np.arange(block) / fs
    wear = 1.0 + k / 1500.0
    samples = np.sin(2 * np.pi * 7.5 * times) + 0.3 * wear * np.sin(2 * np.pi * 30.0 * times)
    samples += 0.2 * rng.standard_normal(block)
    buf.push(samples)
    t += block / fs
    energies = band_energies(buf, size, bands, taper)
    total += energies
    if energies[1] > 0.5 * energies[0]:
        alarms += 1
print(f"alarms: {alarms}")
print(f"result: {float(total.sum()) + alarms:.8e}")
