# ruff: noqa
"""Quality control of a plate-reader assay: each well's readings are cleaned with a running
median of five, then a two-parameter (location, spread) model of each plate is fitted by a grid
search over the log-likelihood of its cleaned readings, written point by point the way the lab's
notebook derives it. Prints the fitted parameters of a few plates and a checksum."""
import math
import statistics

import numpy as np
from scipy import stats


def loglik(values, mu, sigma):
    total = 0.0
    for v in values:
        total += stats.norm.logpdf(v, mu, sigma)
    return total


def running_median(readings):
    out = []
    for k in range(len(readings)):
        window = readings[max(0, k - 2) : k + 3]
        out.append(float(statistics.median(window)))
    return out


rng = np.random.default_rng(21)
fits = []
checksum = 0.0
for plate in range(24):
    raw = (rng.normal(5.0 + 0.1 * plate, 0.8, 6000) + rng.standard_cauchy(6000) * 0.05).tolist()
    clean = running_median(raw)
    sample = clean[::40]
    best = None
    for mu in np.linspace(4.0, 8.0, 9).tolist():
        for sigma in (0.5, 0.7, 0.9, 1.1):
            ll = loglik(sample, mu, sigma)
            if best is None or ll > best[0]:
                best = (ll, mu, sigma)
    controls = [clean[0], clean[1], clean[2]]
    baseline = float(np.mean(controls))
    fits.append(best)
    checksum += best[0] + baseline + sum(clean) * 1e-3
for plate in (0, 11, 23):
    print(f"plate {plate}: mu {fits[plate][1]:.2f} sigma {fits[plate][2]:.2f}")
print(f"result: {checksum:.8f}")
