# ruff: noqa
"""Transit search in a field of simulated stellar light curves: each star's flux is normalised,
detrended against a shared basis (a polynomial in time and the spacecraft's pointing jitter)
by least squares, sigma-clipped, and phase-folded over a grid of trial periods; the best box
depth and period of each star are reported."""
import numpy as np


class CotrendingBasis:
    def __init__(self, t, jitter, degree):
        tn = (t - t.mean()) / t.std()
        cols = [tn**k for k in range(degree + 1)] + [jitter, jitter**2, np.roll(jitter, 1)]
        self.design = np.column_stack(cols)
        self.projector = np.linalg.pinv(self.design)

    def detrend(self, flux):
        coef = self.projector @ flux
        return flux - self.design @ coef


def box_search(t, resid, periods, n_bins=64):
    best = (0.0, periods[0])
    for p in periods:
        phase = ((t % p) / p * n_bins).astype(np.int64)
        sums = np.bincount(phase, weights=resid, minlength=n_bins)
        counts = np.bincount(phase, minlength=n_bins)
        depth = -float((sums / np.maximum(counts, 1)).min())
        if depth > best[0]:
            best = (depth, p)
    return best


def simulate_field(rng, t, n_stars):
    jitter = np.cumsum(rng.normal(0, 0.01, t.size))
    trend = 1.0 + 0.002 * np.sin(t / 9.0)[None, :] + 0.001 * jitter[None, :] * rng.normal(1, 0.3, (n_stars, 1))
    flux = trend * rng.uniform(500, 5000, (n_stars, 1)) + rng.normal(0, 2.0, (n_stars, t.size))
    periods = rng.uniform(2.0, 10.0, n_stars)
    in_transit = (t[None, :] % periods[:, None]) < 0.1
    flux = flux * (1.0 - 0.003 * in_transit)
    return flux, jitter


rng = np.random.default_rng(2024)
t = np.linspace(0.0, 80.0, 6000)
flux, jitter = simulate_field(rng, t, 600)
basis = CotrendingBasis(t, jitter, degree=12)
trial_periods = np.linspace(1.5, 11.0, 40)
depths, best_periods = [], []
for i in range(flux.shape[0]):
    f = flux[i] / np.median(flux[i])
    resid = basis.detrend(f)
    sigma = 1.4826 * np.median(np.abs(resid))
    resid = np.clip(resid, -5 * sigma, 5 * sigma)
    depth, period = box_search(t, resid, trial_periods)
    depths.append(depth)
    best_periods.append(period)
depths = np.array(depths)
print(f"stars: {flux.shape[0]}, mean depth {depths.mean():.5f}, deepest {depths.max():.5f}")
print(f"result: {depths.sum() * 1e3 + np.sum(best_periods):.10e}")
