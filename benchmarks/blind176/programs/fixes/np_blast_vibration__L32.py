# ruff: noqa
"""Processes seismograph records from a season of quarry production blasts: detrends and smooths
each geophone trace (Whittaker smoother), picks peak particle velocity (PPV) and dominant frequency,
fits the scaled-distance site law PPV = K * (D / sqrt(W))**-b, and prints the charge weight per
delay that keeps PPV under the limit at the nearest house."""
from functools import lru_cache

import numpy as np

FS = 1024.0          # samples per second
N_SAMPLES = 200
PPV_LIMIT = 12.5     # mm/s at the nearest dwelling
HOUSE_DISTANCE = 350.0


def second_difference(n):
    D = np.zeros((n - 2, n))
    idx = np.arange(n - 2)
    D[idx, idx] = 1.0
    D[idx, idx + 1] = -2.0
    D[idx, idx + 2] = 1.0
    return D


@lru_cache(maxsize=None)
def whittaker_matrix(n, lam):
    D = second_difference(n)
    return np.linalg.inv(np.eye(n) + lam * D.T @ D)


class Geophone:
    def __init__(self, name, distance, gain):
        self.name = name
        self.distance = distance
        self.gain = gain

    def whittaker(self, trace, lam):
        n = len(trace)
        smoother = whittaker_matrix(n, lam)
        return smoother @ trace

    def process(self, raw, lam=4.0):
        t = np.arange(len(raw)) / FS
        trend = np.polyval(np.polyfit(t, raw, 1), t)
        v = self.whittaker((raw - trend) * self.gain, lam)
        spectrum = np.abs(np.fft.rfft(v * np.hanning(len(v))))
        freqs = np.fft.rfftfreq(len(v), 1.0 / FS)
        return {"ppv": np.abs(v).max(), "freq": freqs[spectrum[1:].argmax() + 1]}


def synth_record(charge, distance, rng):
    t = np.arange(N_SAMPLES) / FS
    sd = distance / np.sqrt(charge)
    ppv = 1140.0 * sd ** -1.6 * np.exp(0.25 * rng.standard_normal())
    f0 = rng.uniform(8.0, 40.0)
    env = (t / 0.04) * np.exp(1.0 - t / 0.04)
    wave = ppv * env * np.sin(2 * np.pi * f0 * t + rng.uniform(0, 2 * np.pi))
    drift = rng.normal(0.0, 0.2) + rng.normal(0.0, 0.5) * t
    return wave + drift + 0.05 * ppv * rng.standard_normal(N_SAMPLES)


def fit_site_law(records):
    sd = np.array([r["distance"] / np.sqrt(r["charge"]) for r in records])
    ppv = np.array([r["ppv"] for r in records])
    X = np.column_stack([np.ones(len(sd)), np.log(sd)])
    y = np.log(ppv)
    coef = np.linalg.inv(X.T @ X) @ (X.T @ y)
    resid = y - X @ coef
    return np.exp(coef[0]), -coef[1], resid.std(ddof=2)


def bootstrap_w_max(records, n_boot, rng, chunk=2000):
    log_sd = np.log([r["distance"] / np.sqrt(r["charge"]) for r in records])
    log_ppv = np.log([r["ppv"] for r in records])
    n = len(log_sd)
    out = []
    for start in range(0, n_boot, chunk):
        idx = rng.integers(0, n, (min(chunk, n_boot - start), n))
        xs, ys = log_sd[idx], log_ppv[idx]
        xm, ym = xs.mean(axis=1, keepdims=True), ys.mean(axis=1, keepdims=True)
        slope = ((xs - xm) * (ys - ym)).sum(axis=1) / ((xs - xm) ** 2).sum(axis=1)
        icpt = ym[:, 0] - slope * xm[:, 0]
        sigma = np.sqrt(((ys - icpt[:, None] - slope[:, None] * xs) ** 2).sum(axis=1) / (n - 2))
        sd_needed = (np.exp(icpt + 1.645 * sigma) / PPV_LIMIT) ** (1.0 / -slope)
        out.append((HOUSE_DISTANCE / sd_needed) ** 2)
    return np.concatenate(out)


rng = np.random.default_rng(11)
stations = [Geophone(f"G{i}", d, g) for i, (d, g) in
            enumerate([(180.0, 1.00), (260.0, 0.98), (410.0, 1.03), (520.0, 1.01), (700.0, 0.99)])]
records = []
for blast in range(60):
    charge = rng.uniform(40.0, 180.0)      # kg per delay
    for st in stations:
        raw = synth_record(charge, st.distance * rng.uniform(0.95, 1.05), rng)
        feats = st.process(raw)
        records.append({"blast": blast, "station": st.name, "charge": charge,
                        "distance": st.distance, **feats})

K, b, sigma = fit_site_law(records)
# charge per delay for 95% confidence at the house: K*(D/sqrt(W))^-b * exp(1.645 sigma) = limit
sd_needed = (K * np.exp(1.645 * sigma) / PPV_LIMIT) ** (1.0 / b)
w_max = (HOUSE_DISTANCE / sd_needed) ** 2
boot = bootstrap_w_max(records, 160_000, rng)
lo, hi = np.percentile(boot, [5, 95])
freqs = np.array([r["freq"] for r in records])
print(f"site law K={K:.1f} b={b:.3f} sigma={sigma:.3f}; median freq {np.median(freqs):.1f} Hz")
print(f"max charge per delay at {HOUSE_DISTANCE:.0f} m: {w_max:.1f} kg (90% bootstrap {lo:.1f}-{hi:.1f})")
print(f"result: {w_max + lo + hi:.10e}")
