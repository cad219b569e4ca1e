# ruff: noqa
"""Sleep-lab scoring pipeline: splits a synthetic three-night EEG recording into 30-second
epochs, rejects epochs with amplitude artifacts, computes delta/theta/alpha/sigma/beta band
powers with an FFT and assigns each clean epoch a provisional stage from band-power ratios."""
from functools import partial

import numpy as np

FS = 100
BANDS = {"delta": (0.5, 4), "theta": (4, 8), "alpha": (8, 12), "sigma": (12, 15), "beta": (15, 30)}
BAND_WEIGHTS = [1.0, 0.8, 0.6, 0.5, 0.3]
BAND_TOTAL = sum(BAND_WEIGHTS)


def recording(rng, n_epochs):
    t = np.arange(n_epochs * 30 * FS) / FS
    slow = np.sin(2 * np.pi * 1.5 * t) * (1 + np.sin(2 * np.pi * t / 5400))
    spindles = 0.4 * np.sin(2 * np.pi * 13 * t) * (np.sin(2 * np.pi * t / 90) > 0.8)
    x = 30 * slow + 20 * spindles + 8 * rng.standard_normal(t.size)
    spikes = rng.choice(t.size, size=n_epochs // 10, replace=False)
    x[spikes] += 400
    return x.reshape(n_epochs, 30 * FS)


def is_artifact(epoch, limit):
    return max(np.abs(epoch)) > limit


def band_powers(epochs):
    spec = np.abs(np.fft.rfft(epochs, axis=1)) ** 2
    freqs = np.fft.rfftfreq(epochs.shape[1], 1 / FS)
    cols = [spec[:, (freqs >= lo) & (freqs < hi)].mean(axis=1) for lo, hi in BANDS.values()]
    return np.stack(cols, axis=1)


def stage(powers):
    rel = powers / powers.sum(axis=1, keepdims=True)
    score = rel @ np.array(BAND_WEIGHTS) / BAND_TOTAL
    return np.digitize(score, [0.55, 0.7, 0.85])


rng = np.random.default_rng(3)
epochs = recording(rng, 2880)
flags = np.array(list(map(partial(is_artifact, limit=250.0), epochs)))
clean = epochs[~flags]
powers = band_powers(clean)
stages = stage(powers)
counts = np.bincount(stages, minlength=4)
print(f"{flags.sum()} epochs rejected; stage counts {counts.tolist()}")
print(f"result: {counts @ np.arange(1, 5) + np.log(powers).mean():.10e}")
