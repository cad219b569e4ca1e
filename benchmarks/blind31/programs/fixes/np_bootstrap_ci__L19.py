# ruff: noqa
"""m-out-of-n bootstrap confidence intervals for a linear model's coefficients: a synthetic
regression data set wrapped in a small Dataset class, resampled with replacement many times
(an eighth of the rows each time), each resample fitted by least squares through its normal
equations; reports percentile intervals."""
import numpy as np


class Dataset:
    def __init__(self, X, y):
        self._X = X
        self._y = y

    def __len__(self):
        return self._X.shape[0]

    @property
    def X(self):
        return self._X

    @property
    def y(self):
        return self._y

    def resample(self, rng):
        idx = rng.integers(0, len(self), size=len(self) // 8)
        return self.X[idx], self.y[idx]


def fit_normal_equations(X, y, ridge=1e-6):
    G = X.T @ X
    G[np.diag_indices_from(G)] += ridge
    return np.linalg.solve(G, X.T @ y)


rng = np.random.default_rng(5)
n, d = 300000, 16
X = rng.normal(size=(n, d))
beta_true = np.linspace(-1.0, 1.0, d)
y = X @ beta_true + rng.standard_t(4, size=n)
data = Dataset(X, y)

estimates = []
for b in range(150):
    Xb, yb = data.resample(rng)
    coef = fit_normal_equations(Xb, yb)
    estimates.append(coef.copy())
estimates = np.array(estimates)
lo, hi = np.percentile(estimates, [2.5, 97.5], axis=0)
print("interval widths:", np.round(hi - lo, 3)[:4], "...")
print("result:", "%.10e" % float((hi - lo).sum() + estimates.mean()))
