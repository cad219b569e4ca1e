# ruff: noqa
"""Closed-loop adaptive-optics simulation for a telescope test bench: a wavefront sensor samples
the aberrated pupil, the phase is fitted with Zernike-like modes by least squares, and an
integrator drives the deformable mirror until the residual RMS settles, for a series of
turbulence realisations."""
import numpy as np


def mode_basis(n_pts, n_modes, rng):
    r = np.sqrt(rng.random(n_pts))
    th = 2 * np.pi * rng.random(n_pts)
    cols = [np.ones(n_pts)]
    k = 1
    while len(cols) < n_modes:
        for m in range(-k, k + 1, 2):
            cols.append(r ** k * (np.cos(m * th) if m >= 0 else np.sin(-m * th)))
        k += 1
    return np.stack(cols[:n_modes], axis=1)


class ModalReconstructor:
    def __init__(self, basis):
        self.basis = basis

    def fit(self, phase):
        pinv = np.linalg.pinv(self.basis)
        return pinv @ phase


class TipTiltStage:
    def __init__(self):
        self.gain = np.array([[0.9, 0.05], [0.02, 0.85]])

    def command(self, tilt):
        return np.linalg.inv(self.gain) @ tilt


def close_loop(basis, recon, stage, turb, gain=0.45, tol=1e-3, max_iter=60):
    mirror = np.zeros(basis.shape[1])
    it = 0
    rms = np.inf
    while rms > tol and it < max_iter:
        residual = turb - basis @ mirror
        coeffs = recon.fit(residual)
        mirror += gain * coeffs
        mirror[1:3] = mirror[1:3] + 0.1 * stage.command(coeffs[1:3])
        rms = float(np.sqrt(np.mean(residual ** 2)))
        it += 1
    return mirror, rms, it


rng = np.random.default_rng(21)
basis = mode_basis(2400, 45, rng)
recon = ModalReconstructor(basis)
stage = TipTiltStage()
total = 0.0
iters = 0
for realisation in range(20):
    true = rng.normal(0, 1.0 / (1 + np.arange(45)) ** 1.2, size=45)
    turb = basis @ true + rng.normal(0, 0.02, size=2400)
    mirror, rms, it = close_loop(basis, recon, stage, turb)
    total += rms + np.abs(mirror).sum()
    iters += it
print(f"iterations: {iters}")
print(f"result: {total:.10e}")
