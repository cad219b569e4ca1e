# ruff: noqa
"""Monte Carlo of a portfolio's yearly log-returns: simulates daily paths, ranks them by total
return and reports a tail-risk estimate; prints the expected shortfall."""
import numpy as np


def simulate_paths(rng, n_paths, n_days, mu, sigma):
    return rng.normal(mu, sigma, size=(n_paths, n_days))


def path_total(daily):
    return sum(daily)


def fees(schedule):
    return sum([schedule["mgmt"], schedule["perf"], schedule["custody"], schedule["fx"], schedule["tax"]])


def shortfall(totals, level):
    cut = np.quantile(totals, level)
    return totals[totals <= cut].mean()


rng = np.random.default_rng(7)
schedule = {"mgmt": 0.01, "perf": 0.002, "custody": 0.0005, "fx": 0.001, "tax": 0.0015}
results = []
for year in range(90):
    paths = simulate_paths(rng, 2000, 252, 0.0003, 0.012)
    drift = paths.mean(axis=1, keepdims=True)
    paths = paths - 0.1 * drift
    fee = fees(schedule)
    totals = np.empty(len(paths))
    for p in range(len(paths)):
        totals[p] = path_total(paths[p]) - fee
    results.append(shortfall(totals, 0.05))
print(f"years: {len(results)}")
print(f"result: {np.mean(results):.10e}")
