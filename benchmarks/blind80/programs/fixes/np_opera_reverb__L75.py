# ruff: noqa
"""Opera house acoustics survey: synthetic room impulse responses for a grid of seats (direct
sound, early reflections from the side walls, an exponentially decaying diffuse tail), per
octave band energy decay curves, reverberation time (T30), early decay time and clarity (C80)
per seat, and a hall summary."""
import numpy as np

FS = 12000
BANDS = np.array([125.0, 250.0, 500.0, 1000.0, 2000.0, 4000.0])


class DecayAnalysis:
    @staticmethod
    def schroeder(energy):
        edc = np.empty_like(energy)
        edc[-1] = energy[-1]
        for i in range(len(energy) - 2, -1, -1):
            edc[i] = edc[i + 1] + energy[i]
        return edc

    @staticmethod
    def slope_time(edc_db, lo, hi):
        t = np.arange(len(edc_db)) / FS
        sel = (edc_db <= lo) & (edc_db >= hi)
        slope = np.polyfit(t[sel], edc_db[sel], 1)[0]
        return -60.0 / slope


def impulse_response(seat, rt, rng, n):
    t = np.arange(n) / FS
    tail = rng.standard_normal(n) * np.exp(-6.91 * t / rt)
    ir = 0.3 * tail
    dist = np.hypot(seat[0], seat[1] + 8.0)
    ir[int(dist / 343.0 * FS)] += 1.0 / dist
    for wall in (-14.0, 14.0):
        d = np.hypot(2 * wall - seat[0], seat[1] + 8.0)
        ir[int(d / 343.0 * FS)] += 0.7 / d
    return ir


def band_filter(ir, centre):
    spec = np.fft.rfft(ir)
    f = np.fft.rfftfreq(len(ir), 1.0 / FS)
    gain = np.exp(-0.5 * (np.log2(np.maximum(f, 1.0) / centre) / 0.5) ** 2)
    return np.fft.irfft(spec * gain, len(ir))


def analyse_seat(ir):
    energy = ir**2
    edc = DecayAnalysis.schroeder(energy)
    edc_db = 10 * np.log10(edc / edc[0] + 1e-12)
    t30 = DecayAnalysis.slope_time(edc_db, -5.0, -35.0)
    edt = DecayAnalysis.slope_time(edc_db, 0.0, -10.0)
    k = int(0.08 * FS)
    c80 = 10 * np.log10(energy[:k].sum() / energy[k:].sum())
    bands = [band_filter(ir, c) for c in BANDS]
    band_rt = [DecayAnalysis.slope_time(10 * np.log10(np.cumsum((b**2)[::-1])[::-1] / (b**2).sum() + 1e-12), -5.0, -25.0)
               for b in bands]
    return t30, edt, c80, band_rt


rng = np.random.default_rng(21)
xs, ys = np.meshgrid(np.linspace(-12, 12, 12), np.linspace(2, 30, 12))
seats = np.column_stack([xs.ravel(), ys.ravel()])
n = int(1.6 * FS)
rows = []
for seat in seats:
    rt = 1.4 + 0.01 * seat[1]
    ir = impulse_response(seat, rt, rng, n)
    rows.append(analyse_seat(ir))
t30 = np.array([r[0] for r in rows])
edt = np.array([r[1] for r in rows])
c80 = np.array([r[2] for r in rows])
band_rt = np.array([r[3] for r in rows])
labels = [f"{f:g} Hz" for f in BANDS]
for lab, v in zip(labels, band_rt.mean(axis=0)):
    print(f"{lab:>8}: {v:.3f} s")
print(f"T30 {t30.mean():.3f} s, EDT {edt.mean():.3f} s, C80 {c80.mean():.2f} dB")
print(f"result: {t30.sum() + edt.sum() + c80.sum() + band_rt.sum():.10e}")
