# ruff: noqa
"""Wind-tunnel pressure-tap reduction for a wing section: for every run of an angle-of-attack
sweep, the time-averaged pressure at each chordwise tap is turned into a pressure coefficient,
the lift and pitching-moment coefficients are integrated over the chord, the vortex-shedding
frequency is read from the taps' spectra, and the balance's lift is compared with the taps'."""
from dataclasses import dataclass

import numpy as np

FS = 2000.0
P_INF = 101325.0


@dataclass
class TapRun:
    alpha: float
    q_inf: float
    samples: np.ndarray
    balance: np.ndarray


@dataclass
class Section:
    x: np.ndarray
    upper: np.ndarray
    chord: float = 0.3
    span: float = 0.6


def make_sweep(rng, n_runs, n_taps, n_samples):
    beta = np.linspace(0.0, np.pi, n_taps // 2)
    xs = 0.5 * (1 - np.cos(beta))
    x = np.concatenate([xs, xs[::-1]])
    upper = np.r_[np.ones(n_taps // 2, bool), np.zeros(n_taps // 2, bool)]
    t = np.arange(n_samples) / FS
    runs = []
    for i in range(n_runs):
        alpha = -4.0 + 0.5 * i
        q = 0.5 * 1.2 * (30.0 + rng.normal(0, 0.2)) ** 2
        a = np.radians(alpha)
        dcp = 4 * a * np.sqrt((1 - x + 1e-3) / (x + 1e-3))
        cp = np.where(upper, -dcp / 2, dcp / 2) - 0.1
        f_shed = 40.0 + 2.0 * i
        wobble = 0.05 * np.sin(2 * np.pi * f_shed * t)
        samples = P_INF + q * (cp[:, None] + wobble[None, :]) + rng.normal(0, 2.0, (n_taps, n_samples))
        lift = q * 0.3 * 0.6 * 2 * np.pi * a
        balance = lift / 4 + rng.normal(0, 0.05, 4)
        runs.append(TapRun(alpha, q, samples, balance))
    return Section(x, upper), runs


class TapReducer:
    def __init__(self, section):
        self.section = section

    def mean_pressures(self, run):
        n = run.samples.shape[1]
        return np.array(list(map(sum, run.samples))) / n

    def shedding_frequency(self, run, p_mean):
        fluct = run.samples - p_mean[:, None]
        spec = (np.abs(np.fft.rfft(fluct, axis=1)) ** 2).mean(axis=0)
        freqs = np.fft.rfftfreq(run.samples.shape[1], 1 / FS)
        spec[freqs < 5] = 0
        return freqs[np.argmax(spec)]

    def coefficients(self, run, p_mean):
        s = self.section
        cp = (p_mean - P_INF) / run.q_inf
        xu, xl = s.x[s.upper], s.x[~s.upper][::-1]
        cu, cl = cp[s.upper], cp[~s.upper][::-1]
        c_l = np.trapezoid(cl - cu, xu)
        c_m = -np.trapezoid((cl - cu) * (xu - 0.25), xu)
        return c_l, c_m

    def balance_lift(self, run):
        total = sum(run.balance)
        return total / (run.q_inf * self.section.chord * self.section.span)


rng = np.random.default_rng(5)
section, runs = make_sweep(rng, n_runs=20, n_taps=64, n_samples=6000)
reducer = TapReducer(section)
rows = []
for run in runs:
    p_mean = reducer.mean_pressures(run)
    f = reducer.shedding_frequency(run, p_mean)
    c_l, c_m = reducer.coefficients(run, p_mean)
    rows.append((run.alpha, c_l, c_m, reducer.balance_lift(run), f))
table = np.array(rows)
slope = np.polyfit(np.radians(table[:, 0]), table[:, 1], 1)[0]
print(f"lift slope {slope:.3f} per rad, mean shedding {table[:, 4].mean():.1f} Hz")
print(f"result: {table.sum() + slope:.10e}")
