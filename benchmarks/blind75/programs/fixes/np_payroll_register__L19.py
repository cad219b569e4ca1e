# ruff: noqa
"""Payroll analytics for a mid-size employer: weekly gross pay from hours and hourly rates,
overtime at time and a half, tiered tax withholding and statutory deductions, a register of
every pay line over five years, and a summary by department."""
import numpy as np

DEDUCTION_RATES = [0.062, 0.0145, 0.03, 0.01]
BRACKETS = np.array([0.0, 600.0, 1500.0, 3500.0])
TOTAL_DEDUCTION = sum(DEDUCTION_RATES)
TAX_RATES = np.array([0.10, 0.18, 0.27, 0.35])


def withholding(gross):
    upper = np.append(BRACKETS[1:], np.inf)
    taxed = np.clip(gross[:, None] - BRACKETS[None, :], 0.0, (upper - BRACKETS)[None, :])
    return taxed @ TAX_RATES


def deductions(gross):
    rate = TOTAL_DEDUCTION
    return gross * rate


class Register:
    def __init__(self):
        self.lines = np.empty((0, 5))

    def post(self, week, gross, tax, ded):
        block = np.column_stack([np.full(gross.shape, float(week)), gross, tax, ded, gross - tax - ded])
        self.lines = np.concatenate([self.lines, block])


def run_payroll(n_emp, n_weeks, rng):
    rates = rng.uniform(15.0, 70.0, size=n_emp)
    register = Register()
    for week in range(n_weeks):
        hours = np.clip(rng.normal(40.0, 6.0, size=n_emp), 0.0, 70.0)
        overtime = np.maximum(hours - 40.0, 0.0)
        gross = rates * (hours - overtime) + 1.5 * rates * overtime
        tax = withholding(gross)
        register.post(week, gross, tax, deductions(gross))
    return register.lines


rng = np.random.default_rng(3)
n_emp = 3000
lines = run_payroll(n_emp, 560, rng)
dept = np.tile(np.arange(n_emp) % 12, 560)
net_by_dept = np.bincount(dept, weights=lines[:, 4], minlength=12)
tax_by_dept = np.bincount(dept, weights=lines[:, 2], minlength=12)
for d in range(12):
    print(f"dept {d:2d}: net {net_by_dept[d]:14.2f} tax {tax_by_dept[d]:13.2f}")
print("result:", f"{lines[:, 1:].sum() + (lines[:, 0] * lines[:, 4]).sum() * 1e-3:.10e}")
