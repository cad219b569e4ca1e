# ruff: noqa
"""Tidal harmonic analysis for a set of tide-gauge stations: fits the main constituents (M2, S2,
N2, K1, O1, M4) by least squares over sliding 15-day windows of hourly sea level, then reports
the mean M2 amplitude and the residual variance of each station."""
import numpy as np

CONSTITUENTS = {"M2": 12.4206012, "S2": 12.0, "N2": 12.65834751, "K1": 23.93447213,
                "O1": 25.81933871, "M4": 6.210300601}


class HarmonicFitter:
    def __init__(self, window_hours, periods):
        self.hours = np.arange(window_hours, dtype=np.float64)
        self.periods = list(periods)

    def design(self, t):
        cols = [np.ones_like(t)]
        for p in self.periods:
            w = 2.0 * np.pi / p
            cols.append(np.cos(w * t))
            cols.append(np.sin(w * t))
        return np.stack(cols, axis=1)

    def fit(self, window):
        A = self.design(self.hours)
        pinv = np.linalg.pinv(A)
        coef = pinv @ window
        resid = window - A @ coef
        return coef, float(resid @ resid) / len(window)


def synthetic_station(rng, n_hours):
    t = np.arange(n_hours, dtype=np.float64)
    level = 0.05 * rng.standard_normal(n_hours)
    for p in CONSTITUENTS.values():
        amp = rng.uniform(0.05, 1.5)
        level += amp * np.cos(2.0 * np.pi / p * t + rng.uniform(0, 2 * np.pi))
    return level + 0.001 * np.cumsum(rng.standard_normal(n_hours))


def analyse(series, fitter, width, stride):
    coefs, variances = [], []
    start = 0
    while start + width <= len(series):
        coef, var = fitter.fit(series[start:start + width])
        coefs.append(coef)
        variances.append(var)
        start += stride
    return np.array(coefs), np.array(variances)


rng = np.random.default_rng(11)
width = 360
fitter = HarmonicFitter(width, CONSTITUENTS.values())
report = {}
for station in range(14):
    series = synthetic_station(rng, 24 * 365)
    coefs, variances = analyse(series, fitter, width, 6)
    amps = {}
    for k, name in enumerate(CONSTITUENTS):
        amps[name] = np.hypot(coefs[:, 1 + 2 * k], coefs[:, 2 + 2 * k]).mean()
    report[station] = (amps["M2"], variances.mean())
    print(f"station {station}: M2 {amps['M2']:.4f} m, residual var {variances.mean():.3e}")
total = sum(a + v for a, v in report.values())
print(f"result: {total:.10e}")
