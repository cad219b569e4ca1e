# ruff: noqa
"""Acoustic survey of an opera house: impulse bursts recorded at microphones in the stalls,
boxes and galleries are turned into energy envelopes (squared band-passed pressure, smoothed
with a one-pole averager), from which each seat section's decay rate, reverberation time (RT60)
and clarity (C80) are estimated and compared across sections."""
import numpy as np
from scipy import signal

FS = 16000
SECTIONS = {"stalls": 6, "grand tier": 4, "boxes": 5, "balcony": 4, "gallery": 3}


def smoothed_energy(energy, alpha):
    level = 0.0
    for e in energy:
        level = alpha * level + (1.0 - alpha) * e
        yield level


class Microphone:
    def __init__(self, section, seat, distance, rng):
        self.section = section
        self.seat = seat
        self.distance = distance
        self.rng = rng

    def record(self, seconds, rt60):
        n = int(seconds * FS)
        t = np.arange(n) / FS
        decay = np.exp(-6.91 * t / rt60)
        noise = self.rng.standard_normal(n)
        delay = int(self.distance / 343.0 * FS)
        x = np.zeros(n)
        x[delay:] = (noise * decay)[: n - delay]
        return x


class Survey:
    def __init__(self, band=(250.0, 2000.0), alpha=0.995):
        self.sos = signal.butter(4, band, btype="band", fs=FS, output="sos")
        self.alpha = alpha

    def envelope(self, x):
        y = signal.sosfilt(self.sos, x)
        energy = y * y
        return np.fromiter(smoothed_energy(energy, self.alpha), dtype=float, count=len(energy))

    def measures(self, env):
        db = 10.0 * np.log10(env / env.max() + 1e-12)
        t = np.arange(len(env)) / FS
        sel = (db < -5.0) & (db > -35.0)
        slope = np.polyfit(t[sel], db[sel], 1)[0]
        n80 = int(0.08 * FS)
        start = int(np.argmax(env))
        c80 = 10.0 * np.log10(env[start : start + n80].sum() / env[start + n80 :].sum())
        return -60.0 / slope, c80


def main():
    rng = np.random.default_rng(4242)
    survey = Survey()
    target_db = np.array([-3.0, -4.5, -6.0, -7.5, -9.0])
    weights = np.vectorize(lambda d: 10.0 ** (d / 10.0))(target_db)
    results = {}
    for k, (section, n_mics) in enumerate(SECTIONS.items()):
        rts, c80s = [], []
        for seat in range(n_mics):
            mic = Microphone(section, seat, rng.uniform(8.0, 40.0), rng)
            x = mic.record(2.8, rt60=rng.uniform(1.2, 1.9))
            rt, c80 = survey.measures(survey.envelope(x))
            rts.append(rt)
            c80s.append(c80)
        results[section] = (np.mean(rts), np.mean(c80s), weights[k])
        print(f"{section:<11} RT60 {np.mean(rts):5.2f} s   C80 {np.mean(c80s):+6.2f} dB")
    checksum = sum(w * (rt + c80) for rt, c80, w in results.values())
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
