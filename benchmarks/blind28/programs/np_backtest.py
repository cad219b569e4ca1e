# ruff: noqa
"""Daily backtest of a momentum strategy on a synthetic universe of stocks: target weights from
trailing returns, rebalancing with transaction costs, and an equity curve recorded by a callback;
prints the annualised return, volatility and worst drawdown of each strategy variant."""
import numpy as np

N_ASSETS = 60
N_DAYS = 6500


def simulate_prices(rng):
    drift = rng.normal(2e-4, 2e-4, N_ASSETS)
    vol = rng.uniform(0.01, 0.03, N_ASSETS)
    rets = drift + vol * rng.standard_normal((N_DAYS, N_ASSETS))
    return 100.0 * np.exp(np.cumsum(rets, axis=0))


class EquityRecorder:
    def __init__(self):
        self.values = np.empty((0, N_ASSETS))

    def __call__(self, day, holdings, prices):
        self.values = np.vstack([self.values, holdings * prices])

    def curve(self):
        return self.values.sum(axis=1)


def backtest(prices, lookback, cost, on_day):
    cash = 1e6
    holdings = np.zeros(N_ASSETS)
    for day in range(lookback, len(prices)):
        p = prices[day]
        mom = prices[day - 1] / prices[day - lookback] - 1.0
        w = np.clip(mom, 0.0, None)
        w = w / w.sum() if w.sum() > 0 else np.full(N_ASSETS, 1.0 / N_ASSETS)
        value = cash + holdings @ p
        target = value * w / p
        traded = np.abs(target - holdings) @ p
        cash = value - target @ p - cost * traded
        holdings = target
        on_day(day, holdings, p)
    return cash


def stats(curve):
    r = np.diff(np.log(curve))
    dd = 1.0 - curve / np.maximum.accumulate(curve)
    return 252 * r.mean(), np.sqrt(252) * r.std(), dd.max()


rng = np.random.default_rng(11)
prices = simulate_prices(rng)
variants = {"fast": (20, 5e-4), "medium": (60, 5e-4), "slow": (120, 5e-4)}
mix = {"fast": 0.2, "medium": 0.5, "slow": 0.3}
scale = sum(mix.values())
summary = []
for name, (lookback, cost) in variants.items():
    rec = EquityRecorder()
    cash = backtest(prices, lookback, cost, rec)
    curve = rec.curve() + cash
    ann, vol, mdd = stats(curve)
    print(f"{name:>7}: return {ann:+.4f}, vol {vol:.4f}, max drawdown {mdd:.4f}")
    summary.append(mix[name] / scale * ann + vol + mdd)
print(f"result: {float(np.sum(summary)):.10e}")
