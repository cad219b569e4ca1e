# ruff: noqa
"""Frame-by-frame hearing-aid processing of a synthetic recording: a bank of FIR band
filters whose taps come from a fitting configuration (plain lists, as read from a JSON
fitting file), per-band compression with attack/release smoothing, and the output level."""
import numpy as np


def design_taps(n_bands, n_taps):
    k = np.arange(n_taps) - (n_taps - 1) / 2
    win = np.hamming(n_taps)
    taps = []
    for b in range(n_bands):
        lo, hi = b / n_bands * 0.5, (b + 1) / n_bands * 0.5
        h = (2 * hi * np.sinc(2 * hi * k) - 2 * lo * np.sinc(2 * lo * k)) * win
        taps.append([round(float(v), 8) for v in h])
    return taps


class Fitting:
    def __init__(self, config):
        self.config = config
        self._taps = np.array(config["bands"]["taps"])

    @property
    def taps(self):
        return self._taps

    @property
    def threshold_db(self):
        return self.config["compression"]["threshold_db"]


class Compressor:
    def __init__(self, fitting, n_bands, attack=0.3, release=0.02):
        self.fitting = fitting
        self.level = np.zeros(n_bands)
        self.attack, self.release = attack, release
        self.gains = np.array(fitting.config["compression"]["gain_db"])

    def process(self, frame):
        frame = np.asarray(frame)
        bands = self.fitting.taps @ frame
        env = np.abs(bands)
        rate = np.where(env > self.level, self.attack, self.release)
        self.level += rate * (env - self.level)
        level_db = 20 * np.log10(self.level + 1e-9)
        over = np.maximum(level_db - self.fitting.threshold_db, 0.0)
        gain = 10 ** ((self.gains - 0.5 * over) / 20)
        return float(np.sum(gain * bands))


rng = np.random.default_rng(3)
n_bands, n_taps, hop = 24, 48, 4
config = {"bands": {"taps": design_taps(n_bands, n_taps)},
          "compression": {"threshold_db": -20.0, "gain_db": list(rng.uniform(0, 12, n_bands))}}
fs = 16000
t = np.arange(fs * 16) / fs
signal = 0.3 * np.sin(2 * np.pi * 440 * t) * (1 + np.sin(2 * np.pi * 0.5 * t)) \
    + 0.05 * rng.standard_normal(t.size)
comp = Compressor(Fitting(config), n_bands)
out = []
for start in range(0, signal.size - n_taps, hop):
    out.append(comp.process(signal[start:start + n_taps][::-1]))
out = np.array(out)
print(f"{out.size} output samples, rms {np.sqrt(np.mean(out ** 2)):.5f}")
print("result:", f"{np.abs(out).sum():.10e}")
