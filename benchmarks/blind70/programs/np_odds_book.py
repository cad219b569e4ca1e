# ruff: noqa
"""Sports-betting price comparison: for each race of a synthetic season, quotes from many
bookmakers for every runner are compared, the best available price per runner is taken, the
book's overround is computed and value bets are staked with a fractional Kelly rule; the
season's bankroll path is summarised at the end."""
import numpy as np

COMMISSION = [0.02, 0.015, 0.01]


class Race:
    def __init__(self, rng, n_runners, n_books):
        strength = rng.gamma(2.0, 1.0, n_runners)
        self.p_true = strength / strength.sum()
        margin = rng.uniform(1.02, 1.15, n_books)
        noise = rng.lognormal(0.0, 0.08, (n_runners, n_books))
        self.quotes = 1.0 / (self.p_true[:, None] * margin[None, :]) * noise
        self.winner = rng.choice(n_runners, p=self.p_true)

    def best_prices(self):
        return np.array([max(row) for row in self.quotes])

    @staticmethod
    def overround(prices):
        return float((1.0 / prices).sum())


def kelly_stakes(p, prices, bankroll, fraction=0.25):
    edge = p * prices - 1.0
    f = np.where(edge > 0, edge / (prices - 1.0), 0.0)
    return fraction * f * bankroll


def season(n_races, rng):
    bankroll = 1000.0
    path = np.empty(n_races)
    overrounds = np.empty(n_races)
    for i in range(n_races):
        fee = 1.0 - sum(COMMISSION) / len(COMMISSION)
        race = Race(rng, rng.integers(6, 16), 400)
        prices = race.best_prices()
        overrounds[i] = Race.overround(prices)
        p_model = 0.9 * race.p_true + 0.1 / len(prices)
        stakes = kelly_stakes(p_model, prices, 100.0)
        ret = stakes[race.winner] * prices[race.winner] * fee
        bankroll += ret - stakes.sum()
        path[i] = bankroll
    return path, overrounds


rng = np.random.default_rng(11)
path, overrounds = season(12000, rng)
print(f"final bankroll {path[-1]:.2f}, min {path.min():.2f}, mean overround {overrounds.mean():.4f}")
print(f"result: {path.sum() + overrounds.sum():.10e}")
