# ruff: noqa
"""Walk-forward backtest of a moving-average crossover strategy on simulated prices for a
basket of assets, with risk hooks (stop on deep drawdown, exposure cap) run after every bar."""
import functools

import numpy as np


def simulate_prices(rng, n_assets, n_bars):
    rets = 0.0002 + 0.01 * rng.standard_normal((n_bars, n_assets))
    return 100.0 * np.exp(np.cumsum(rets, axis=0))


def exposure_cap(state, limit):
    gross = np.abs(state["weights"]).sum()
    if gross > limit:
        state["weights"] *= limit / gross


def drawdown_stop(state, threshold, window):
    eq = state["equity"][max(0, state["t"] - window):state["t"] + 1]
    peak = max(eq)
    if eq[-1] < (1.0 - threshold) * peak:
        state["weights"][:] = 0.0
        state["stops"] += 1


class Backtest:
    def __init__(self, prices, fast, slow, hooks):
        self.prices = prices
        self.fast, self.slow = fast, slow
        self.hooks = hooks

    def signals(self, t):
        p = self.prices
        f = p[t - self.fast:t].mean(axis=0)
        s = p[t - self.slow:t].mean(axis=0)
        return np.sign(f - s)

    def run(self):
        n_bars, n_assets = self.prices.shape
        state = {"equity": np.ones(n_bars), "weights": np.zeros(n_assets), "t": 0, "stops": 0}
        rets = np.diff(self.prices, axis=0) / self.prices[:-1]
        for t in range(self.slow, n_bars - 1):
            state["t"] = t
            state["weights"] = self.signals(t) / n_assets
            for hook in self.hooks:
                hook(state)
            state["equity"][t + 1] = state["equity"][t] * (1.0 + state["weights"] @ rets[t])
        return state


rng = np.random.default_rng(11)
prices = simulate_prices(rng, 30, 45000)
hooks = [functools.partial(exposure_cap, limit=0.8),
         functools.partial(drawdown_stop, threshold=0.12, window=250)]
results = {}
for fast, slow in [(5, 20), (10, 50), (20, 100)]:
    st = Backtest(prices, fast, slow, hooks).run()
    results[(fast, slow)] = st
    print(f"fast {fast:>3} slow {slow:>3}: final equity {st['equity'][-1]:.4f}, stops {st['stops']}")
best = max(results, key=lambda k: results[k]["equity"][-1])
print("best:", best)
print(f"result: {sum(st['equity'].sum() + st['stops'] for st in results.values()):.10e}")
