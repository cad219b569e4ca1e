# ruff: noqa
"""Track reconstruction in a toy time-projection chamber: charged tracks from the beam spot cross
160 pad rows with smeared, multiple-scattering-correlated hits; each event's tracks are fitted by
generalised least squares (offset, slope, curvature), and the fit quality and vertex are histogrammed."""
import numpy as np


class Detector:
    def __init__(self, radii, sigmas, ms):
        self.radii = radii
        self.sigmas = sigmas
        self.ms = ms
        self.design = np.stack([np.ones_like(radii), radii, 0.5 * radii ** 2], axis=1)

    @property
    def covariance(self):
        r = self.radii
        return np.diag(self.sigmas ** 2) + self.ms ** 2 * np.minimum.outer(r, r) ** 2

    @property
    def gls_operator(self):
        A = self.design
        W = np.linalg.inv(self.covariance)
        cov = np.linalg.inv(A.T @ W @ A)
        return cov @ A.T @ W

    def fit(self, hits):
        P = self.gls_operator
        params = P @ hits
        resid = hits - self.design @ params
        chi2 = ((resid / self.sigmas[:, None]) ** 2).sum(axis=0)
        return params, chi2


def simulate_event(det, n_tracks, rng):
    z0 = rng.normal(0.0, 0.05, size=n_tracks)
    slope = rng.normal(0.0, 0.8, size=n_tracks)
    curv = rng.normal(0.0, 0.002, size=n_tracks)
    r = det.radii[:, None]
    truth = z0 + slope * r + 0.5 * curv * r ** 2
    return truth + det.sigmas[:, None] * rng.standard_normal(truth.shape)


rng = np.random.default_rng(2024)
radii = np.linspace(85.0, 250.0, 160)
det = Detector(radii, np.full(160, 0.08), ms=2e-4)
chi2_hist = np.zeros(40)
vertices = []
for event in range(2_500):
    hits = simulate_event(det, 12, rng)
    params, chi2 = det.fit(hits)
    z0 = params[0]
    w = np.array([[z0.var() + 1e-6, 0.0], [0.0, np.abs(params[1]).mean() + 1e-6]])
    vtx_cov = np.diag(1.0 / np.diag(w))
    vertices.append(z0.mean() * vtx_cov[0, 0] / vtx_cov.trace())
    chi2_hist += np.histogram(chi2 / 157.0, bins=40, range=(0.0, 4.0))[0]
print("mean chi2/ndf bin:", float((chi2_hist * np.arange(40)).sum() / chi2_hist.sum()))
print(f"result: {float(np.sum(vertices)) + float(chi2_hist @ np.arange(40)):.10e}")
