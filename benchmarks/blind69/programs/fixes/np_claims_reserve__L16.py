# ruff: noqa
"""Bootstrap reserve estimate for an insurance claims book: incremental paid claims per
(origin year, development year) cell are fitted with a generalised least-squares model of
origin and development effects, residuals are resampled, and the reserve distribution is
summarised with quantiles."""
import numpy as np


class ReserveModel:
    def __init__(self, design, cov):
        self.design = design
        self.cov = cov
        self._precision = np.linalg.inv(cov)

    @property
    def precision(self):
        return self._precision

    def fit(self, y):
        P = self.precision
        XtP = self.design.T @ P
        return np.linalg.solve(XtP @ self.design, XtP @ y)


def build_design(n_origin, n_dev):
    rows = n_origin * n_dev
    X = np.zeros((rows, n_origin + n_dev - 1))
    for r in range(rows):
        o, d = divmod(r, n_dev)
        X[r, o] = 1.0
        if d > 0:
            X[r, n_origin + d - 1] = 1.0
    return X


def cell_covariance(n_origin, n_dev, rho=0.35):
    idx = np.arange(n_origin * n_dev)
    dev = idx % n_dev
    lag = np.abs(dev[:, None] - dev[None, :])
    same_origin = (idx[:, None] // n_dev) == (idx[None, :] // n_dev)
    return np.where(same_origin, rho ** lag, 0.0) + np.eye(idx.size) * 0.5


rng = np.random.default_rng(2024)
n_origin, n_dev = 24, 24
X = build_design(n_origin, n_dev)
cov = cell_covariance(n_origin, n_dev)
true = np.concatenate([rng.normal(6.0, 0.3, n_origin), -np.linspace(0.1, 3.0, n_dev - 1)])
y = X @ true + rng.normal(0.0, 0.2, X.shape[0])

model = ReserveModel(X, cov)
beta = model.fit(y)
resid = y - X @ beta
future = np.array([(r // n_dev) + (r % n_dev) >= n_origin for r in range(X.shape[0])])

reserves = []
for b in range(150):
    y_star = X @ beta + rng.choice(resid, size=resid.size, replace=True)
    beta_star = model.fit(y_star)
    adj = beta_star.copy()
    adj[:n_origin] += 0.5 * resid.var()
    reserves.append(float(np.exp(X[future] @ adj).sum()))
reserves = np.array(reserves)
q = np.quantile(reserves, [0.5, 0.75, 0.995])
print("reserve quantiles:", ", ".join(f"{v:,.0f}" for v in q))
print(f"result: {reserves.mean() + q.sum():.10e}")
