# ruff: noqa
"""Carillon tuning: for each bell of a carillon, fits the weights of a modal basis to the bell's
measured strike spectrum by gradient descent (until the update is small), then reports how far
the fitted partials (hum, prime, tierce, quint, nominal) sit from the ideal ratios, in cents."""
from functools import partial

import numpy as np

IDEAL = np.array([0.5, 1.0, 1.2, 1.5, 2.0])


def spectrum_residual(basis, target, w):
    unit = basis / np.linalg.norm(basis, axis=0)
    r = unit @ w - target
    return r, unit.T @ r


def fit(residual, w0, lr, tol, max_iter):
    w = w0.copy()
    it = 0
    step = np.inf
    while step > tol and it < max_iter:
        r, g = residual(w)
        w_new = w - lr * g
        step = np.abs(w_new - w).max()
        w = w_new
        it += 1
    return w, it


def partial_cents(w, partials):
    ratios = IDEAL / IDEAL[1]
    f = partials * (1.0 + 0.01 * np.tanh(w[: len(partials)]))
    return 1200.0 * np.log2((f / f[1]) / ratios)


rng = np.random.default_rng(8)
n_freq, n_modes = 3000, 40
freq = np.linspace(100.0, 4000.0, n_freq)
total = 0.0
iters = 0
for bell in range(20):
    centers = np.sort(rng.uniform(150.0, 3800.0, n_modes))
    widths = rng.uniform(10.0, 60.0, n_modes)
    basis = np.exp(-0.5 * ((freq[:, None] - centers[None, :]) / widths[None, :]) ** 2)
    target = basis @ rng.uniform(0.0, 1.0, n_modes) + rng.normal(0.0, 0.01, n_freq)
    residual = partial(spectrum_residual, basis, target)
    w, it = fit(residual, np.zeros(n_modes), 0.2, 1e-12, 500)
    iters += it
    partials = 440.0 * (1 + bell / 12) * IDEAL
    cents = partial_cents(w, partials)
    total += np.abs(cents).sum() + w.sum()
    print(f"bell {bell}: {it} iterations, max deviation {np.abs(cents).max():.2f} cents")
print(f"result: {total + iters:.10e}")
