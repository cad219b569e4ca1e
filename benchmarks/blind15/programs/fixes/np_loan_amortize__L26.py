# ruff: noqa
"""Amortisation schedules for a book of variable-rate loans: for each loan, walks its monthly
payments with a rate that drifts with time and accrues discounted interest; prints the book's
present value of interest."""
import math

import numpy as np


def schedule_value(principal, base_rate, months, drift):
    balance = principal
    pv = 0.0
    for m in range(months):
        rate = base_rate + drift * math.sin(m / 12.0)
        interest = balance * rate / 12.0
        payment = principal / months + interest
        pv += interest * np.exp(-0.03 * m / 12.0)
        balance -= payment - interest
    return pv


rng = np.random.default_rng(8)
principals = rng.uniform(5e4, 4e5, size=36000).tolist()
rates = rng.uniform(0.02, 0.07, size=36000).tolist()
terms = rng.choice([120, 180, 240, 360], size=36000).tolist()
scale = math.sqrt(12.0)
book = 0.0
for principal, rate, months in zip(principals, rates, terms):
    book += schedule_value(principal, rate, months, 0.004 / scale)
print(f"loans: {len(principals)}")
print(f"result: {book:.10e}")
