# ruff: noqa
"""Stochastic SEIR model of an epidemic across a country's health regions, run for several
intervention scenarios (chain-binomial transitions, regional mixing through a commuting matrix);
daily reported cases are smoothed for the situation report and the peak week is compared across
scenarios."""
import numpy as np
from scipy.signal import find_peaks

N_REGIONS = 400
N_DAYS = 2400


def commuting_matrix(n, rng):
    m = rng.exponential(1.0, size=(n, n)) * (rng.uniform(size=(n, n)) < 0.1)
    np.fill_diagonal(m, 20.0)
    return m / m.sum(axis=1, keepdims=True)


class Report:
    @staticmethod
    def smooth(series, alpha):
        out = np.empty_like(series)
        out[0] = series[0]
        for t in range(1, len(series)):
            out[t] = alpha * series[t] + (1.0 - alpha) * out[t - 1]
        return out

    def __init__(self, alpha=0.25):
        self.alpha = alpha

    def summarise(self, cases):
        smoothed = np.stack([self.smooth(cases[:, r], self.alpha) for r in range(cases.shape[1])], axis=1)
        national = smoothed.sum(axis=1)
        weekly = [national[w * 7:(w + 1) * 7].sum() for w in range(len(national) // 7)]
        waves = len(find_peaks(national, prominence=0.05 * national.max())[0])
        return smoothed, int(np.argmax(weekly)), waves


def run_scenario(beta, mixing, pop, rng, sigma=1 / 4.0, gamma=1 / 6.0):
    S = pop.copy()
    E = np.zeros_like(pop)
    I = np.zeros_like(pop)
    I[:3] = 20
    S -= I
    cases = np.zeros((N_DAYS, len(pop)))
    for day in range(N_DAYS):
        prevalence = mixing @ (I / pop)
        p_inf = 1.0 - np.exp(-beta * prevalence)
        new_e = rng.binomial(S, p_inf)
        new_i = rng.binomial(E, 1.0 - np.exp(-sigma))
        new_r = rng.binomial(I, 1.0 - np.exp(-gamma))
        S -= new_e
        E += new_e - new_i
        I += new_i - new_r
        cases[day] = new_i
    return cases


rng = np.random.default_rng(2024)
pop = rng.integers(50_000, 2_000_000, size=N_REGIONS)
mixing = commuting_matrix(N_REGIONS, rng)
report = Report()
scenarios = {"baseline": 0.32, "masks": 0.26, "schools": 0.22, "lockdown": 0.17}
total = 0.0
for name, beta in scenarios.items():
    cases = run_scenario(beta, mixing, pop, rng)
    smoothed, peak_week, waves = report.summarise(cases)
    attack = cases.sum(axis=0) / pop
    print(f"{name:>9}: peak week {peak_week:3d}, {waves} wave(s), attack rate {attack.mean():.3f}")
    total += smoothed.max() + attack.sum() + peak_week + waves
print(f"result: {total:.10e}")
