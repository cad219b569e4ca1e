# ruff: noqa
"""Monte Carlo reserve for an insurance portfolio: simulated claim sizes go through a layered
reinsurance treaty (deductible, limit, co-insurance share) and the retained losses of each
simulated year are aggregated into a reserve estimate at a few quantiles."""
import functools
import numpy as np


def layer_payout(claim, deductible, limit, share):
    if claim <= deductible:
        return 0.0
    excess = claim - deductible
    if excess > limit:
        excess = limit
    return share * excess


def simulate_year(rng, n_claims, payout):
    sizes = rng.lognormal(mean=8.0, sigma=1.2, size=n_claims)
    ceded = payout(sizes)
    return float(np.sum(sizes - ceded))


class Portfolio:
    def __init__(self, seed, freq):
        self.rng = np.random.default_rng(seed)
        self.freq = freq

    def years(self, n_years, payout):
        counts = self.rng.poisson(self.freq, size=n_years)
        return np.array([simulate_year(self.rng, int(c), payout) for c in counts])


treaty = np.vectorize(functools.partial(layer_payout, deductible=5000.0, limit=50000.0, share=0.8))
portfolio = Portfolio(11, 2500)
retained = portfolio.years(6000, treaty)
loadings = 1.0 + 0.1 * np.array([0.5, 0.9, 0.99])
levels = np.quantile(retained, [0.5, 0.9, 0.99]) * loadings
print("reserve levels:", np.round(levels, 2))
print("result:", f"{levels.sum() + retained.mean():.10e}")
