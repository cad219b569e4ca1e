# ruff: noqa
"""Bootstrap analysis of a two-arm clinical trial: responder rates per arm from simulated symptom
scores, percentile confidence intervals for the difference, stratified by site."""
import functools

import numpy as np

SITES = {"north": 0.35, "south": 0.4, "coastal": 0.25}


def responder_rate(scores, threshold):
    return sum(scores >= threshold) / len(scores)


def bootstrap(arms, statistic, n_boot, rng):
    treat, ctrl = arms["treatment"], arms["control"]
    diffs = np.empty(n_boot)
    for b in range(n_boot):
        t = treat[rng.integers(0, treat.size, treat.size)]
        c = ctrl[rng.integers(0, ctrl.size, ctrl.size)]
        diffs[b] = statistic(t) - statistic(c)
    return diffs


def simulate_site(rng, n, effect):
    return {
        "treatment": rng.normal(0.55 + effect, 0.3, n),
        "control": rng.normal(0.55, 0.3, n),
    }


rng = np.random.default_rng(2024)
stat = functools.partial(responder_rate, threshold=0.6)
weight_total = sum(SITES.values())
pooled = []
report = {}
for name, weight in SITES.items():
    arms = simulate_site(rng, 380, effect=0.08)
    diffs = bootstrap(arms, stat, 15000, rng)
    lo, hi = np.percentile(diffs, [2.5, 97.5])
    report[name] = (stat(arms["treatment"]) - stat(arms["control"]), lo, hi)
    pooled.append(weight / weight_total * diffs)
pooled = np.sum(pooled, axis=0)
for name, (d, lo, hi) in report.items():
    print(f"{name:>8}: diff {d:+.3f}  95% CI [{lo:+.3f}, {hi:+.3f}]")
print(f"pooled: {pooled.mean():+.4f} [{np.percentile(pooled, 2.5):+.4f}, {np.percentile(pooled, 97.5):+.4f}]")
print(f"result: {pooled.sum() + sum(v[0] for v in report.values()):.10e}")
