# ruff: noqa
"""Closed-loop ink control for a four-colour offset press: a spectrophotometer scans colour bars
on every sheet, the ink film on each key zone is estimated by regularised least squares against
the press's spectral profile, and the ink keys are nudged toward the target densities."""
from dataclasses import dataclass, field

import numpy as np

N_BANDS = 240
N_ZONES = 32
INKS = ("cyan", "magenta", "yellow", "black")


@dataclass
class PressProfile:
    spectra: np.ndarray
    ridge: float = 1e-3
    target_density: np.ndarray = field(default_factory=lambda: np.array([1.40, 1.45, 1.00, 1.70]))


def least_squares_films(profile, readings):
    A = profile.spectra
    gram_inv = np.linalg.inv(A.T @ A + profile.ridge * np.eye(A.shape[1]))
    return readings @ A @ gram_inv


class InkController:
    def __init__(self, profile, gain=0.35):
        self.profile = profile
        self.gain = gain
        self.keys = np.full((N_ZONES, len(INKS)), 0.5)

    def estimate(self, readings):
        films = least_squares_films(self.profile, readings)
        return np.clip(films[:, : len(INKS)], 0.0, None)

    def on_sheet(self, readings):
        films = self.estimate(readings)
        target = self.profile.target_density
        error = target - 1.6 * films
        self.keys += self.gain * error / (1.0 + np.abs(error))
        return float(np.abs(error).mean())


def scan_sheet(rng, profile, keys, paper_white):
    films = 0.9 * keys + 0.05 * rng.standard_normal(keys.shape)
    spectrum = films @ profile.spectra[:, : len(INKS)].T + paper_white
    return spectrum + 0.01 * rng.standard_normal(spectrum.shape)


rng = np.random.default_rng(404)
wl = np.linspace(380.0, 730.0, N_BANDS)
centres = np.array([490.0, 550.0, 600.0, 450.0])
basis = np.exp(-((wl[:, None] - centres[None, :]) / np.array([40.0, 35.0, 45.0, 400.0])) ** 2)
extra = 0.05 * rng.standard_normal((N_BANDS, 116))
profile = PressProfile(spectra=np.hstack([basis, extra]))
controller = InkController(profile)
paper_white = 0.02 * np.sin(wl / 40.0)
errors = []
for sheet in range(2000):
    readings = scan_sheet(rng, profile, controller.keys, paper_white)
    errors.append(controller.on_sheet(readings))
print(f"final mean density error: {errors[-1]:.5f}")
print(f"result: {sum(errors) + controller.keys.sum():.10e}")
