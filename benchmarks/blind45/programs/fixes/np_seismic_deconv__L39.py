# ruff: noqa
"""Shot-gather processing for a 2-D land seismic line: synthetic shots are made from a sparse
reflectivity convolved with a Ricker wavelet, each shot is gained for spherical divergence,
deconvolved by damped least squares, and its traces are stacked into common-midpoint bins.
Prints the stacked section's energy."""
from dataclasses import dataclass

import numpy as np


def ricker(n, dt, f0):
    t = (np.arange(n) - n // 2) * dt
    a = (np.pi * f0 * t) ** 2
    return (1.0 - 2.0 * a) * np.exp(-a)


@dataclass
class Survey:
    n_samples: int = 360
    n_traces: int = 48
    dt: float = 0.004
    n_shots: int = 330
    spacing: int = 2


class Deconvolver:
    """Damped least-squares inverse of a convolution with a known wavelet."""

    def __init__(self, wavelet, n, damping):
        self.n = n
        self.damping = damping
        idx = np.arange(n)
        lag = idx[:, None] - idx[None, :]
        col = np.zeros(n)
        col[: len(wavelet)] = wavelet
        self.W = np.where(lag >= 0, col[np.clip(lag, 0, n - 1)], 0.0)
        self.Ginv = np.linalg.inv(self.W.T @ self.W + self.damping * np.eye(self.n))

    def apply(self, gather):
        Ginv = self.Ginv
        return (Ginv @ (self.W.T @ gather.T)).T


def divergence_gain(gather, dt):
    t = (np.arange(gather.shape[1]) + 1) * dt
    return gather * t[None, :] ** 1.5


def make_shot(rng, survey, W):
    refl = np.where(rng.random((survey.n_traces, survey.n_samples)) < 0.03,
                    rng.normal(0.0, 1.0, (survey.n_traces, survey.n_samples)), 0.0)
    data = refl @ W.T
    t = (np.arange(survey.n_samples) + 1) * survey.dt
    return data / t[None, :] ** 1.5 + rng.normal(0.0, 0.01, data.shape)


def process_line(survey, rng):
    wav = ricker(31, survey.dt, 25.0)
    decon = Deconvolver(wav, survey.n_samples, damping=0.05)
    n_cmp = survey.n_shots * survey.spacing + survey.n_traces
    section = np.zeros((n_cmp, survey.n_samples))
    fold = np.zeros(n_cmp)
    energies = np.array([])
    for shot in range(survey.n_shots):
        gather = make_shot(rng, survey, decon.W)
        gather = divergence_gain(gather, survey.dt)
        out = decon.apply(gather)
        cmp = shot * survey.spacing + np.arange(survey.n_traces)
        np.add.at(section, cmp, out)
        np.add.at(fold, cmp, 1.0)
        energies = np.append(energies, float(np.sum(out * out)))
    return section / np.maximum(fold, 1.0)[:, None], energies


rng = np.random.default_rng(11)
survey = Survey()
section, energies = process_line(survey, rng)
print(f"shots: {len(energies)}, mean shot energy: {energies.mean():.4f}")
print(f"result: {float(np.sum(section * section)) + energies.sum():.10e}")
