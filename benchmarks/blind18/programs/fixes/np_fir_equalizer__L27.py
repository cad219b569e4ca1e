# ruff: noqa
"""A block-based audio equaliser: a mono signal is pushed through a 192-tap FIR filter in
32-sample blocks, as a real-time plug-in would, with the filter's settings held in a preset
dict; a per-band level meter runs on the output. Prints the output's RMS and a checksum."""

import numpy as np

PRESET = {
    "name": "warm voice",
    "taps": [float(x) for x in np.hamming(192) * np.sinc(0.35 * (np.arange(192) - 95.5)) * 0.35],
    "gain": 0.9,
    "block": 32,
}


def filter_block(history, block, preset):
    """FIR-filter one block, given the previous len(taps) - 1 input samples."""
    taps = np.array(preset["taps"])
    x = np.concatenate((history, block))
    return preset["gain"] * np.convolve(x, taps, mode="valid")


def band_levels(out_block):
    """Mean absolute level in three coarse bands (a meter, refreshed now and then)."""
    levels = []
    for lo, hi in ((0, 4), (4, 10), (10, 17)):
        edges = (lo, hi)
        spec = np.abs(np.fft.rfft(out_block))
        levels.append(spec[edges[0] : edges[1]].mean())
    return levels


rng = np.random.default_rng(7)
n = 32 * 300_000
t = np.arange(n) / 44_100
signal = (
    np.sin(2 * np.pi * 220 * t) + 0.4 * np.sin(2 * np.pi * 3_000 * t) + 0.1 * rng.standard_normal(n)
)

size = PRESET["block"]
history = np.zeros(len(PRESET["taps"]) - 1)
out = np.empty(n)
meter = np.zeros(3)
pos = 0
while pos < n:
    block = signal[pos : pos + size]
    out[pos : pos + size] = filter_block(history, block, PRESET)
    history = np.concatenate((history, block))[-(len(PRESET["taps"]) - 1) :]
    if (pos // size) % 200 == 0:
        meter += band_levels(out[pos : pos + size])
    pos += size

rms = float(np.sqrt(np.mean(out**2)))
print(f"rms {rms:.6f}  meter {np.round(meter, 3)}")
print(f"result: {rms + float(np.abs(out).sum()) + float(meter.sum()):.10e}")
