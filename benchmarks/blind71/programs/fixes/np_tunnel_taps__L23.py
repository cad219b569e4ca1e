# ruff: noqa
"""Reduction of a wind-tunnel run on a pressure-tapped wing section: raw tap pressures are turned
into pressure coefficients with a solid-blockage correction, integrated into lift and pitching
moment per angle of attack, and a linear lift slope is fitted per tap row."""
import numpy as np

RHO, V_INF, CHORD = 1.204, 32.0, 0.30


class TapReducer:
    def __init__(self, x_taps, blockage=0.012, p_static=101325.0):
        self.x = x_taps
        self.blockage = blockage
        self.p_static = p_static
        self.q = 0.5 * RHO * V_INF ** 2

    def _cp(self, p):
        cp = (p - self.p_static) / self.q
        eps = self.blockage * (1.0 - cp) if cp < 1.0 else 0.0
        return cp / (1.0 + eps) ** 2

    def coefficients(self, pressures):
        cp = (pressures - self.p_static) / self.q
        eps = np.where(cp < 1.0, self.blockage * (1.0 - cp), 0.0)
        return cp / (1.0 + eps) ** 2

    def loads(self, cp_upper, cp_lower):
        dcp = (cp_lower - cp_upper).mean(axis=0)
        cl = np.trapezoid(dcp, self.x)
        cm = -np.trapezoid(dcp * (self.x - 0.25), self.x)
        return cl, cm


def synthetic_run(alpha_deg, x, n_samples, rng):
    a = np.radians(alpha_deg)
    q = 0.5 * RHO * V_INF ** 2
    base = -2.0 * np.pi * a * np.sqrt((1.0 - x) / (x + 0.02)) / np.pi
    upper = 101325.0 + q * (base - 0.2) + rng.normal(0.0, 4.0, size=(n_samples, x.size))
    lower = 101325.0 + q * (-0.5 * base + 0.1) + rng.normal(0.0, 4.0, size=(n_samples, x.size))
    return upper, lower


rng = np.random.default_rng(5)
x = 0.5 * (1.0 - np.cos(np.linspace(0.02, np.pi - 0.02, 48)))
reducer = TapReducer(x)
alphas = np.arange(-4.0, 12.5, 1.0)
cls, cms, spectra = [], [], []
for alpha in alphas:
    upper, lower = synthetic_run(alpha, x, 6000, rng)
    cp_u = reducer.coefficients(upper)
    cp_l = reducer.coefficients(lower)
    cl, cm = reducer.loads(cp_u, cp_l)
    cls.append(cl)
    cms.append(cm)
    spectra.append(np.abs(np.fft.rfft(upper - upper.mean(axis=0), axis=0)).mean(axis=1))
cls, cms = np.array(cls), np.array(cms)
rows = np.stack([cls, cms, cls * 0.9, cms * 1.1])
slopes = np.apply_along_axis(lambda y: np.polyfit(alphas, y, 1)[0], 1, rows)
print(f"lift slope {slopes[0]:.4f} /deg, cm slope {slopes[1]:.4f} /deg")
print(f"result: {slopes.sum() + cls.sum() + cms.sum() + np.sum(spectra) * 1e-6:.10e}")
