# ruff: noqa
"""Wide-dynamic-range compression for a hearing aid: a synthetic speech-in-noise signal is split
into frames, each frame's spectrum is grouped into ERB-spaced bands, band levels are smoothed
with attack/release times, a prescribed gain rule (linear below the kneepoint, compressive above,
limiting above the output ceiling) is applied, and the output loudness is summarised."""
import numpy as np

FS = 16000
FRAME = 512
HOP = FRAME // 2


def erb_to_hz(erb):
    return (10 ** (erb / 21.4) - 1.0) / 0.00437


class GainRule:
    def __init__(self, knee_db, ratio, mpo_db, gate_db=25.0, expansion=2.0):
        self.knee_db = knee_db
        self.ratio = ratio
        self.mpo_db = mpo_db
        self.gate_db = gate_db
        self.expansion = expansion

    def __call__(self, level_db, gain_db):
        if level_db < self.gate_db:
            return gain_db - (self.gate_db - level_db) * (self.expansion - 1.0)
        if level_db < self.knee_db:
            return gain_db
        slope = 1.0 - 1.0 / self.ratio
        if level_db > self.mpo_db:
            return gain_db - (self.mpo_db - self.knee_db) * slope - (level_db - self.mpo_db)
        return gain_db - (level_db - self.knee_db) * slope


class Compressor:
    def __init__(self, n_bands, rule, audiogram, attack=0.005, release=0.08):
        edges_hz = np.vectorize(erb_to_hz)(np.linspace(3.0, 33.0, n_bands + 1))
        freqs = np.fft.rfftfreq(FRAME, 1.0 / FS)
        self.band_of_bin = np.clip(np.searchsorted(edges_hz, freqs) - 1, 0, n_bands - 1)
        self.n_bands = n_bands
        centres = 0.5 * (edges_hz[:-1] + edges_hz[1:])
        self.prescribed = 0.46 * np.interp(centres, audiogram[0], audiogram[1])
        self.gain_curve = np.vectorize(rule, otypes=[float])
        dt = HOP / FS
        self.a_att = np.exp(-dt / attack)
        self.a_rel = np.exp(-dt / release)
        self.level = np.full(n_bands, 40.0)

    def band_levels(self, spec):
        power = np.bincount(self.band_of_bin, weights=np.abs(spec) ** 2, minlength=self.n_bands)
        return 10.0 * np.log10(power + 1e-12) + 90.0

    def process(self, frame):
        spec = np.fft.rfft(frame)
        inst = self.band_levels(spec)
        a = np.where(inst > self.level, self.a_att, self.a_rel)
        self.level = a * self.level + (1.0 - a) * inst
        gains_db = self.gain_curve(self.level, self.prescribed)
        spec = spec * 10.0 ** (gains_db[self.band_of_bin] / 20.0)
        return np.fft.irfft(spec, n=FRAME)


def speech_in_noise(rng, seconds):
    t = np.arange(int(FS * seconds)) / FS
    envelope = 0.5 * (1 + np.sin(2 * np.pi * 3.0 * t)) * (rng.random(t.size) < 0.999)
    voiced = sum(np.sin(2 * np.pi * f0 * k * t) / k for f0, k in [(140.0, 1), (140.0, 2), (140.0, 3), (140.0, 5)])
    return 0.05 * envelope * voiced + 0.01 * rng.standard_normal(t.size)


rng = np.random.default_rng(3)
x = speech_in_noise(rng, 300.0)
audiogram = (np.array([250.0, 500.0, 1000.0, 2000.0, 4000.0, 8000.0]), np.array([20.0, 25.0, 35.0, 50.0, 60.0, 65.0]))
comp = Compressor(240, GainRule(knee_db=45.0, ratio=2.5, mpo_db=95.0), audiogram)
window = np.hanning(FRAME)
frames = np.lib.stride_tricks.sliding_window_view(x, FRAME)[::HOP] * window
out = np.concatenate([comp.process(f)[:HOP] for f in frames])
rms_in = np.sqrt(np.mean(x**2))
rms_out = np.sqrt(np.mean(out**2))
print(f"frames: {frames.shape[0]}, rms in {rms_in:.4f} out {rms_out:.4f}")
print(f"result: {rms_out * 1e3 + np.abs(out).max() + comp.level.sum():.10e}")
