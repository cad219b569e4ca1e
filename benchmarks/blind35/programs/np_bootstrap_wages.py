"""Bootstrap confidence intervals for a wage regression on a synthetic labour-force survey:
log wage on schooling, experience, experience squared, tenure and two region dummies, with
percentile intervals from resampled least-squares fits."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Survey:
    features: np.ndarray
    log_wage: np.ndarray
    names: tuple

    @property
    def design(self):
        return np.array(self.features, dtype=float)

    @property
    def n(self):
        return len(self.log_wage)


def make_survey(rng, n):
    school = rng.integers(8, 21, size=n).astype(float)
    exper = rng.uniform(0, 40, size=n)
    tenure = np.minimum(exper, rng.exponential(6.0, size=n))
    region = rng.integers(0, 3, size=n)
    X = np.column_stack([np.ones(n), school, exper, exper ** 2 / 100, tenure,
                         region == 1, region == 2]).astype(float)
    beta = np.array([1.2, 0.08, 0.04, -0.06, 0.01, 0.05, -0.03])
    y = X @ beta + rng.normal(0, 0.4, size=n)
    return Survey(X, y, ("const", "school", "exper", "exper2", "tenure", "north", "south"))


def fit(X, y):
    coef, *_ = np.linalg.lstsq(X, y, rcond=None)
    return coef


def bootstrap(survey, rng, n_boot, m):
    draws = np.empty((n_boot, survey.features.shape[1]))
    for b in range(n_boot):
        idx = rng.integers(0, survey.n, size=m)
        draws[b] = fit(survey.design[idx], survey.log_wage[idx])
    return draws


rng = np.random.default_rng(5)
survey = make_survey(rng, 400_000)
point = fit(survey.features, survey.log_wage)
draws = bootstrap(survey, rng, 2500, 4000)
lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
report = point.copy()
report[0] = np.exp(report[0])
for name, p, a, b in zip(survey.names, report, lo, hi):
    print(f"{name:>7}: {p:8.4f}  [{a:8.4f}, {b:8.4f}]")
print(f"result: {draws.sum() + report.sum() + lo.sum():.10e}")
