# ruff: noqa
"""Voxelwise general linear model for a synthetic block-design fMRI run: the design (task boxcar
convolved with a haemodynamic response, drifts) is fitted to every voxel's time series under an
AR(1) noise model by prewhitened least squares, chunk by chunk; prints the active-voxel count."""
import numpy as np


def hrf(t):
    peak = t ** 5 * np.exp(-t) / 120.0
    under = t ** 15 * np.exp(-t) / 1.307674368e12
    return peak - under / 6.0


def design_matrix(n_scans, tr):
    t = np.arange(n_scans) * tr
    box = ((t // 20.0) % 2 == 1).astype(float)
    task = np.convolve(box, hrf(np.arange(0, 32, tr)))[:n_scans]
    drifts = [np.cos(np.pi * k * (t + 0.5 * tr) / (n_scans * tr)) for k in range(1, 6)]
    return np.column_stack([task, np.ones(n_scans), *drifts])


class PrewhitenedGLM:
    def __init__(self, X, rho):
        self.X = X
        n = X.shape[0]
        lags = np.abs(np.subtract.outer(np.arange(n), np.arange(n)))
        self.V = rho ** lags / (1.0 - rho ** 2)

    @property
    def whitener(self):
        return np.linalg.cholesky(np.linalg.inv(self.V)).T

    def fit(self, Y):
        W = self.whitener
        Xw = W @ self.X
        Yw = W @ Y
        beta, *_ = np.linalg.lstsq(Xw, Yw, rcond=None)
        resid = Yw - Xw @ beta
        dof = Xw.shape[0] - Xw.shape[1]
        sigma2 = (resid ** 2).sum(axis=0) / dof
        return beta, sigma2


def t_statistics(glm, beta, sigma2, contrast):
    c = contrast
    XtX_inv = np.linalg.inv(glm.X.T @ glm.X)
    var = sigma2 * (c @ XtX_inv @ c)
    return (c @ beta) / np.sqrt(var)


rng = np.random.default_rng(3)
n_scans, n_vox, chunk = 480, 45000, 250
X = design_matrix(n_scans, 2.0)
amp = np.where(rng.random(n_vox) < 0.08, rng.uniform(0.5, 2.0, n_vox), 0.0)
true_beta = np.zeros((X.shape[1], n_vox))
true_beta[0] = amp
true_beta[1] = 100.0
contrast = np.zeros(X.shape[1])
contrast[0] = 1.0
glm = PrewhitenedGLM(X, rho=0.3)
tmaps = []
for start in range(0, n_vox, chunk):
    sl = slice(start, start + chunk)
    noise = rng.normal(size=(n_scans, chunk))
    noise[1:] += 0.3 * noise[:-1]
    Y = X @ true_beta[:, sl] + noise
    beta, sigma2 = glm.fit(Y)
    tmaps.append(t_statistics(glm, beta, sigma2, contrast))
tmap = np.concatenate(tmaps)
active = int((tmap > 4.0).sum())
print(f"active voxels: {active} of {n_vox} (planted {int((amp > 0).sum())})")
print(f"result: {active + float(np.abs(tmap).sum()):.10e}")
