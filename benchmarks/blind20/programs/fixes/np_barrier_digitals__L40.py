"""Monte Carlo pricing of knock-out digital notes on a grid of strikes and three maturities:
geometric Brownian paths are simulated, each path's payoff is a smooth bump around the strike
that is lost if the path ever touched the barrier, and discounted prices are tabulated."""
import math

import numpy as np


def bump_payoff(s, k, knocked):
    if knocked:
        return 0.0
    if s <= k:
        return 0.0
    return math.exp(-0.5 * (s - k) ** 2 / k)


payoff_v = np.vectorize(bump_payoff)


def make_pricer(strike, rate):
    def price(terminal, knocked, t):
        pay = payoff_v(terminal, strike, knocked)
        return math.exp(-rate * t) * pay.mean()
    return price


def simulate(rng, s0, sigma, t, n_paths, n_steps, barrier):
    dt = t / n_steps
    z = rng.standard_normal((n_paths, n_steps))
    log_paths = np.log(s0) + np.cumsum((-0.5 * sigma**2) * dt + sigma * np.sqrt(dt) * z, axis=1)
    paths = np.exp(log_paths)
    return paths[:, -1], paths.max(axis=1) >= barrier


def main():
    rng = np.random.default_rng(3)
    strikes = np.linspace(90.0, 120.0, 9)
    pricers = [make_pricer(k, 0.03) for k in strikes]
    table = {}
    sims = [(t, simulate(rng, 100.0, 0.25, t, 200_000, 40, 150.0)) for t in (0.5, 1.0, 2.0)]
    table = {t: [pricer(*s, t) for pricer in pricers] for t, s in sims}
    for t, row in table.items():
        print(f"T={t}: " + " ".join(f"{p:.4f}" for p in row))
    print(f"result: {sum(sum(row) for row in table.values()):.10e}")


main()
