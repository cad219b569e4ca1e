# ruff: noqa
"""Cash-flow projection for a book of adjustable-rate mortgages: month by month each loan's
rate resets with a simulated index, the payment is re-amortised over the remaining term and the
borrower may prepay; reports the book's total interest and the loans paid off early."""

import math

import numpy as np


def monthly_payment(balance, rate, months_left):
    if rate == 0.0:
        return balance / months_left
    return balance * rate / (1.0 - (1.0 + rate) ** -months_left)


def project_loan(balance, margin, term, index_path, prepay_u):
    interest_paid = 0.0
    for m in range(term):
        rate = max(index_path[m] + margin, 0.02) / 12.0
        payment = monthly_payment(balance, rate, term - m)
        interest = balance * rate
        principal = min(payment - interest, balance)
        balance -= principal
        interest_paid += interest
        if prepay_u[m] < 0.002 or balance < 1.0:
            return interest_paid, m + 1
    return interest_paid, term


rng = np.random.default_rng(99)
n_loans, term = 7000, 360
balances = rng.lognormal(12.3, 0.4, n_loans)
margins = rng.uniform(0.015, 0.035, n_loans)
shocks = rng.normal(0.0, 0.0015, (n_loans, term))
index_paths = (0.03 + np.cumsum(shocks, axis=1)).tolist()
prepay = rng.random((n_loans, term)).tolist()

total_interest = 0.0
months = []
for i in range(n_loans):
    discount = np.exp(-0.01 * float(margins[i]) * 100)
    paid, n_months = project_loan(
        float(balances[i]), float(margins[i]), term, index_paths[i], prepay[i]
    )
    total_interest += paid * discount
    months.append(n_months)

early = sum(1 for m in months if m < term)
print(f"total discounted interest {total_interest:,.0f}; {early} of {n_loans} loans ended early")
print(f"result: {total_interest / 1e6 + early + sum(months) / 1e3:.10e}")
