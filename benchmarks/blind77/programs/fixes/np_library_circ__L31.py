"""Circulation report for a city library network: daily checkouts and returns are simulated
for every branch over several years, the number of items on loan is tracked per branch, and the
report lists peak load, weekday patterns and the branches that run short of stock."""
import itertools

import numpy as np

WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def daily_flows(rng, n_days, base):
    week = np.tile([1.0, 1.1, 1.05, 1.2, 1.3, 1.6, 0.4], n_days // 7 + 1)[:n_days]
    out = rng.poisson(base * week)
    back = rng.poisson(base * np.roll(week, 14))
    return out, back


def loan_balance(branches, n_days, rng):
    for name, base in branches:
        out, back = daily_flows(rng, n_days, base)
        net = out - back
        on_loan = np.empty(n_days, dtype=np.int64)
        on_loan[0] = 3 * base
        for d in range(1, n_days):
            on_loan[d] = on_loan[d - 1] + net[d]
        yield name, out, on_loan


def weekday_profile(out):
    n = out.size // 7 * 7
    rest = out[n:]
    sums = out[:n].reshape(-1, 7).sum(axis=0).astype(float)
    counts = np.full(7, n // 7, dtype=float)
    sums[: rest.size] += rest
    counts[: rest.size] += 1
    return dict(zip(WEEKDAYS, (sums / counts).tolist()))


rng = np.random.default_rng(2024)
names = [f"branch-{i:03d}" for i in range(500)]
branches = list(zip(names, itertools.cycle([40, 55, 80, 120, 65])))
peaks, short, busiest = {}, [], {}
for name, out, on_loan in loan_balance(branches, 365 * 60, rng):
    peaks[name] = int(on_loan.max())
    if on_loan.min() < 0:
        short.append(name)
    prof = weekday_profile(out)
    busiest[name] = max(prof, key=prof.get)
print(f"branches short of stock: {len(short)}; busiest day mostly {max(set(busiest.values()), key=list(busiest.values()).count)}")
print(f"result: {sum(peaks.values()) + len(short) + sum(len(v) for v in busiest.values()):.10e}")
