# ruff: noqa
"""Spike detection on multichannel extracellular recordings: synthetic band-limited traces per
trial, a robust (median-based) noise estimate per channel, threshold crossings, firing rates
and a peak-amplitude summary per channel."""
import numpy as np


class ChannelStats:
    def __init__(self, gains):
        self.gains = np.asarray(gains, dtype=float)

    def mean_gain(self):
        return self.gains.mean()

    def peak(self, trace):
        return max(trace)


def make_trial(rng, n_ch, n_s, kernel):
    noise = rng.standard_normal((n_ch, n_s))
    filtered = np.empty_like(noise)
    for c in range(n_ch):
        filtered[c] = np.convolve(noise[c], kernel, mode="same")
    spikes = rng.random((n_ch, n_s)) < 0.002
    filtered[spikes] += rng.uniform(4.0, 9.0, size=int(spikes.sum()))
    return filtered


def detect(trial, stats, thr=4.5):
    sigma = np.median(np.abs(trial), axis=1) / 0.6745
    above = trial > thr * sigma[:, None]
    onsets = above[:, 1:] & ~above[:, :-1]
    counts = onsets.sum(axis=1)
    peaks = np.array([stats.peak(row) for row in trial])
    return counts, peaks * stats.mean_gain()


rng = np.random.default_rng(11)
n_trials, n_ch, n_s, fs = 300, 32, 3000, 30000.0
kernel = np.hanning(15)
kernel /= kernel.sum()
stats = ChannelStats([1.0, 0.98, 1.02, 1.01])
total_counts = np.zeros(n_ch)
peak_sum = np.zeros(n_ch)
for k in range(n_trials):
    trial = make_trial(rng, n_ch, n_s, kernel)
    counts, peaks = detect(trial, stats)
    total_counts += counts
    peak_sum += peaks
rates = total_counts / (n_trials * n_s / fs)
best = sorted(rates)[-3:]
print("top firing rates (Hz):", [f"{r:.2f}" for r in best])
print(f"result: {rates.sum() + peak_sum.sum() + sum(best):.10e}")
