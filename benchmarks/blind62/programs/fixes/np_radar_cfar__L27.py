"""Pulse-Doppler radar processing chain for a simulated surveillance dwell: chirp echoes from a
few moving targets in noise are range-compressed with an FFT matched filter, each pulse's power
profile goes through a cell-averaging CFAR detector, and the detections are counted per beam and
summarised."""
import numpy as np

N_BINS = 4096
N_BEAMS = 8


def chirp(n, bw):
    t = np.arange(n) / n
    return np.exp(1j * np.pi * bw * t * t)


class MatchedFilter:
    def __init__(self, pulse, n_bins):
        self.H = np.conj(np.fft.fft(pulse, n_bins))

    def __call__(self, echo):
        return np.fft.ifft(np.fft.fft(echo) * self.H)


def cell_average(power, guard, train):
    csum = np.empty(power.size + 1)
    csum[0] = 0.0
    np.cumsum(power, out=csum[1:])
    n = power.size
    idx = np.arange(n)
    lo1 = np.clip(idx - guard - train, 0, n)
    lo2 = np.clip(idx - guard, 0, n)
    hi1 = np.clip(idx + guard + 1, 0, n)
    hi2 = np.clip(idx + guard + train + 1, 0, n)
    total = (csum[lo2] - csum[lo1]) + (csum[hi2] - csum[hi1])
    count = (lo2 - lo1) + (hi2 - hi1)
    return total / np.maximum(count, 1)


def detect(power, scale, guard=4, train=16):
    return power > scale * cell_average(power, guard, train)


rng = np.random.default_rng(5)
pulse = chirp(256, 60.0)
mf = MatchedFilter(pulse, N_BINS)
targets = rng.uniform(300, N_BINS - 300, size=6)
speeds = rng.uniform(-0.4, 0.4, size=6)
beam_gain = rng.uniform(0.6, 1.0, size=N_BEAMS)
hits = np.zeros(N_BEAMS, dtype=np.int64)
energy = 0.0
weighted = 0.0
for k in range(360 * N_BEAMS):
    beam = k % N_BEAMS
    echo = (rng.normal(size=N_BINS) + 1j * rng.normal(size=N_BINS)) * 0.5
    for r0, v in zip(targets, speeds):
        r = int(r0 + v * k) % (N_BINS - 256)
        echo[r:r + 256] += 0.4 * beam_gain[beam] * pulse
    power = np.abs(mf(echo)) ** 2
    hits[beam] += int(detect(power, 12.0).sum())
    energy += float(power.mean())
    if beam == N_BEAMS - 1:
        weighted += float(hits @ beam_gain) / sum(beam_gain)
print("detections per beam:", hits.tolist())
print(f"result: {hits.sum() + energy + weighted:.10e}")
