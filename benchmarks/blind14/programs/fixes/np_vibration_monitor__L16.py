# ruff: noqa
"""Condition monitoring of a rotating machine: a recorder object holds an hour of accelerometer
samples, and a monitor walks through it in overlapping windows, computing each window's spectrum,
the energy in the bearing-fault bands and the RMS level, and counts the windows that raise an
alarm."""

import numpy as np


class Recorder:
    def __init__(self, samples, rate):
        self._samples = samples
        self.rate = rate

    def samples(self):
        return self._samples

    def __len__(self):
        return self._samples.shape[0]


def band_energy(spectrum, freqs, bands):
    out = np.empty(len(bands))
    for k, (lo, hi) in enumerate(bands):
        out[k] = spectrum[(freqs >= lo) & (freqs < hi)].sum()
    return out


def monitor(rec, win, hop, bands, limit):
    freqs = np.fft.rfftfreq(win, 1.0 / rec.rate)
    taper = np.hanning(win)
    alarms = 0
    energy_total = np.zeros(len(bands))
    start = 0
    while start + win <= len(rec):
        frame = rec.samples()[start : start + win]
        spec = np.abs(np.fft.rfft(frame * taper)) ** 2
        clean = spec.copy()
        clean[:3] = 0.0
        energy = band_energy(clean, freqs, bands)
        energy_total += energy
        rms = np.sqrt(np.mean(frame * frame))
        if energy[1:].max() > limit * rms * rms * win:
            alarms += 1
        start += hop
    return alarms, energy_total


rng = np.random.default_rng(8)
rate = 2000.0
t = np.arange(int(rate * 120)) / rate
signal = 0.5 * np.sin(2 * np.pi * 29.5 * t) + 0.2 * rng.standard_normal(t.size)
burst = (np.sin(2 * np.pi * 0.05 * t) > 0.9) * 0.3 * np.sin(2 * np.pi * 162.0 * t)
rec = Recorder(signal + burst, rate)
bands = [(20.0, 40.0), (150.0, 175.0), (300.0, 330.0)]
alarms, energy = monitor(rec, 1024, 12, bands, 20.0)
print(f"{alarms} alarm windows; band energies {np.round(energy, 1)}")
print(f"result: {alarms + energy.sum():.10e}")
