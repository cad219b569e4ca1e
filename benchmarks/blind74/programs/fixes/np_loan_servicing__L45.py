# ruff: noqa
"""Loan-servicing cash-flow projection for a mortgage pool: level-payment amortisation, a
prepayment (CPR) curve and defaults by vintage, then per-loan cumulative losses and a pool
report by rate tier."""
import numpy as np

TIERS = [(0.0, 0.04), (0.04, 0.055), (0.055, 0.07), (0.07, 1.0)]


def amortise(principal, rate, months):
    r = rate[:, None] / 12.0
    k = np.arange(months)[None, :]
    pay = principal[:, None] * r / (1.0 - (1.0 + r) ** -months)
    bal = principal[:, None] * (1.0 + r) ** k - pay * ((1.0 + r) ** k - 1.0) / r
    return pay, bal


def running_total(xs):
    out = np.empty_like(xs)
    acc = 0.0
    for k in range(len(xs)):
        acc = acc + xs[k]
        out[k] = acc
    return out


class Pool:
    def __init__(self, n, months, rng):
        self.principal = rng.uniform(80e3, 600e3, size=n)
        self.rate = rng.uniform(0.025, 0.085, size=n)
        self.months = months
        self.cpr = np.minimum(0.002 * np.arange(months), 0.08)
        self.hazard = rng.uniform(0.0002, 0.002, size=n)

    def losses(self, rng, stress=1.0):
        pay, bal = amortise(self.principal, self.rate, self.months)
        hazard = self.hazard * stress
        survive = np.cumprod(1.0 - self.cpr[None, :] / 12.0 - hazard[:, None], axis=1)
        severity = rng.uniform(0.2, 0.5, size=bal.shape)
        return bal * survive * hazard[:, None] * severity


def report(pool, cum):
    tier = np.digitize(pool.rate, [t[0] for t in TIERS[1:]])
    counts = np.bincount(tier, minlength=len(TIERS))
    losses = np.bincount(tier, weights=cum[:, -1], minlength=len(TIERS))
    return [(lo, hi, int(counts[i]), float(losses[i])) for i, (lo, hi) in enumerate(TIERS)]


rng = np.random.default_rng(5)
pool = Pool(4000, 360, rng)
check = 0.0
for stress in (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0):
    monthly = pool.losses(rng, stress)
    cum = np.array(list(map(running_total, monthly)))
    print(f"stress x{stress}:")
    for lo, hi, n, loss in report(pool, cum):
        print(f"  rate {lo:.3f}-{hi:.3f}: {n:5d} loans, lifetime loss {loss:14.2f}")
    check += cum[:, -1].sum() + cum.mean()
print(f"result: {check:.10e}")
