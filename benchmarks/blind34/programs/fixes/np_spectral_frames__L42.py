# ruff: noqa
"""Frame-level audio features for a batch of synthetic recordings (chirps, tones and noise):
framing with a Hann window, spectral centroid and roll-off per frame, band energies on a
mel-spaced grid, and a per-recording summary of the features."""
import numpy as np

SR = 8000
FRAME = 256
HOP = 128


def make_recording(rng, seconds):
    t = np.arange(int(SR * seconds)) / SR
    f0 = rng.uniform(200, 800)
    chirp = np.sin(2 * np.pi * (f0 + 300 * t) * t)
    tone = 0.5 * np.sin(2 * np.pi * rng.uniform(1000, 3000) * t)
    return chirp + tone + 0.3 * rng.standard_normal(t.size)


def frames_of(x):
    n = 1 + (x.size - FRAME) // HOP
    idx = np.arange(FRAME)[None, :] + HOP * np.arange(n)[:, None]
    return x[idx] * np.hanning(FRAME)


def hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0) if f > 0 else 0.0


FREQS = np.fft.rfftfreq(FRAME, 1.0 / SR)
MEL_EDGES = np.vectorize(hz_to_mel)(np.linspace(0, SR / 2, 9))
BAND_EDGES = 700.0 * (10 ** (MEL_EDGES / 2595.0) - 1.0)


def centroid(frame):
    mag = np.abs(np.fft.rfft(frame))
    return (FREQS * mag).sum() / (mag.sum() + 1e-12)


def features(x):
    fr = frames_of(x)
    mag = np.abs(np.fft.rfft(fr, axis=1))
    cent = (FREQS * mag).sum(axis=1) / (mag.sum(axis=1) + 1e-12)
    spec = np.abs(np.fft.rfft(fr, axis=1)) ** 2
    cum = np.cumsum(spec, axis=1)
    rolloff = FREQS[np.argmax(cum >= 0.85 * cum[:, -1:], axis=1)]
    bands = np.stack([spec[:, (FREQS >= lo) & (FREQS < hi)].sum(axis=1)
                      for lo, hi in zip(BAND_EDGES[:-1], BAND_EDGES[1:])], axis=1)
    return cent, rolloff, np.log(bands + 1e-9)


rng = np.random.default_rng(5)
recordings = [make_recording(rng, rng.uniform(30.0, 50.0)) for _ in range(60)]
summary = []
for rec in recordings:
    cent, roll, bands = features(rec)
    summary.append([cent.mean(), cent.std(), roll.mean(), *bands.mean(axis=0)])
summary = np.array(summary)
print("mean centroid %.1f Hz, mean roll-off %.1f Hz" % (summary[:, 0].mean(), summary[:, 2].mean()))
print(f"result: {summary.sum():.10e}")
