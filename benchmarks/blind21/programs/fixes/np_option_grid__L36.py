# ruff: noqa
"""Monte Carlo pricing of a grid of barrier call options under geometric Brownian motion:
paths simulated once per volatility, payoffs per (strike, barrier), and a price table."""
import numpy as np


class BarrierPricer:
    def __init__(self, rate, maturity):
        self.rate = rate
        self.maturity = maturity
        self._payoff = np.vectorize(self.knock_out_call)

    @staticmethod
    def knock_out_call(s_max, s_end, strike, barrier):
        if s_max >= barrier:
            return 0.0
        return s_end - strike if s_end > strike else 0.0

    def price(self, s_max, s_end, strike, barrier):
        pay = self._payoff(s_max, s_end, strike, barrier)
        return np.exp(-self.rate * self.maturity) * pay.mean()


def simulate_paths(rng, s0, vol, rate, maturity, n_paths, n_steps):
    dt = maturity / n_steps
    z = rng.standard_normal((n_paths, n_steps))
    log_s = np.log(s0) + np.cumsum((rate - 0.5 * vol**2) * dt + vol * np.sqrt(dt) * z, axis=1)
    s = np.exp(log_s)
    return s.max(axis=1), s[:, -1]


rng = np.random.default_rng(5)
pricer = BarrierPricer(rate=0.02, maturity=1.0)
strikes = np.array([90.0, 95.0, 100.0, 105.0, 110.0])
barriers = np.array([125.0, 140.0, 160.0])
labels = [f"K={k:.0f}" for k in strikes]
table = {}
for vol in (0.15, 0.25, 0.35):
    s_max, s_end = simulate_paths(rng, 100.0, vol, 0.02, 1.0, 150000, 126)
    for k in strikes:
        for b in barriers:
            table[(vol, k, b)] = pricer.price(s_max, s_end, k, b)
for vol in (0.15, 0.25, 0.35):
    print(vol, " ".join(f"{lab}:{table[(vol, k, barriers[0])]:.3f}" for lab, k in zip(labels, strikes)))
print(f"result: {sum(table.values()):.10e}")
