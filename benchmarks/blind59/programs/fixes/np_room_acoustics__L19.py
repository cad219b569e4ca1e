# ruff: noqa
"""Room acoustics survey: synthesises decaying impulse responses at a set of microphone
positions, splits each into octave bands with FFT masks, follows each band's energy envelope
and estimates the reverberation time (T60) per band and position."""
import numpy as np
from scipy.signal import lfilter

FS = 16000
BANDS = [(125, 250), (250, 500), (500, 1000), (1000, 2000)]


class EnvelopeFollower:
    def __init__(self, tau):
        self.alpha = float(np.exp(-1.0 / (tau * FS)))

    def __call__(self, power):
        a = self.alpha
        env = np.empty_like(power)
        env[:] = lfilter([1.0 - a], [1.0, -a], power)



        return env


def impulse_response(rng, t60, n):
    t = np.arange(n) / FS
    decay = np.exp(-6.9 * t / t60)
    return rng.standard_normal(n) * decay


def band_split(x):
    spec = np.fft.rfft(x)
    freqs = np.fft.rfftfreq(x.shape[0], 1.0 / FS)
    out = []
    for lo, hi in BANDS:
        mask = (freqs >= lo) & (freqs < hi)
        out.append(np.fft.irfft(spec * mask, n=x.shape[0]))
    return out


def t60_from_envelope(env):
    db = 10.0 * np.log10(env / env.max() + 1e-12)
    t = np.arange(env.shape[0]) / FS
    sel = (db < -5.0) & (db > -25.0)
    slope = np.polyfit(t[sel], db[sel], 1)[0]
    return -60.0 / slope


def survey(n_mics, seconds, follower, rng):
    n = int(seconds * FS)
    table = np.zeros((n_mics, len(BANDS)))
    for m in range(n_mics):
        rir = impulse_response(rng, rng.uniform(0.4, 0.9), n)
        for b, band in enumerate(band_split(rir)):
            table[m, b] = t60_from_envelope(follower(band ** 2))
    return table


rng = np.random.default_rng(11)
table = survey(64, 3.0, EnvelopeFollower(0.01), rng)
for (lo, hi), col in zip(BANDS, table.T):
    print(f"{lo:>5}-{hi:<5} Hz  T60 {col.mean():.3f} s  (sd {col.std():.3f})")
print(f"result: {table.sum():.10e}")
