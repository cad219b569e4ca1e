# ruff: noqa
"""Hot-wire anemometry in a wind-tunnel boundary layer: the bridge voltages of a rake of probes
are converted to velocity with each probe's King's-law calibration, low-pass filtered as the
analogue anti-aliasing stage would, and reduced to mean velocity, turbulence intensity, the
spectral peak and the integral time scale of every probe."""
import math

import numpy as np
from scipy import signal

FS = 20000.0


class KingsLaw:
    def __init__(self, a, b, n):
        self.coeffs = np.array([a, b, n])

    def velocity(self, volts):
        coeffs = self.coeffs.copy()
        a, b, n = coeffs
        return np.clip((volts**2 - a) / b, 1e-6, None) ** (1.0 / n)


class LowPass:
    def __init__(self, cutoff, fs):
        self.a = math.exp(-2.0 * math.pi * cutoff / fs)
        self.b = 1.0 - self.a

    @staticmethod
    def _run(x, a, b, y0):
        y = y0
        for v in x:
            y = a * y + b * v
            yield y

    def __call__(self, x):
        return np.fromiter(self._run(x, self.a, self.b, x[0]), dtype=float, count=len(x))


def synth_probe(rng, height, n):
    u_mean = 12.0 * (height / 0.1) ** (1 / 7)
    white = rng.normal(0.0, 1.0, n)
    turb = signal.lfilter([0.05], [1.0, -0.95], white) * (0.12 - 0.6 * height) * u_mean
    return u_mean + turb


def integral_scale(u):
    f = u - u.mean()
    spec = np.fft.rfft(f, 2 * len(f))
    ac = np.fft.irfft(np.abs(spec) ** 2)[: len(f)]
    ac /= ac[0]
    first = np.argmax(ac < 0)
    return ac[:first].sum() / FS


rng = np.random.default_rng(3)
heights = np.linspace(0.01, 0.12, 8)
n = 300_000
lowpass = LowPass(cutoff=4000.0, fs=FS)
report = []
for h in heights:
    cal = KingsLaw(a=1.6 + rng.normal(0, 0.02), b=0.9, n=0.45)
    u_true = synth_probe(rng, h, n)
    volts = np.sqrt(cal.coeffs[0] + cal.coeffs[1] * u_true**cal.coeffs[2]) + rng.normal(0, 2e-3, n)
    u = lowpass(cal.velocity(volts))
    f, pxx = signal.welch(u - u.mean(), fs=FS, nperseg=4096)
    report.append((h, u.mean(), u.std() / u.mean(), f[np.argmax(pxx[1:]) + 1], integral_scale(u)))
table = np.array(report)
for row in table:
    print(f"y={row[0]*1000:5.1f} mm  U={row[1]:6.3f} m/s  Tu={row[2]*100:5.2f}%  T_int={row[4]*1e3:.3f} ms")
print(f"result: {table.sum():.10e}")
