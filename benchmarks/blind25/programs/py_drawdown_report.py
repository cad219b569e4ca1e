"""Backtest report for six trading strategies: simulated tick-level equity curves, the running peak
of each curve, maximum drawdown and the longest time under water, summarised per strategy."""
import numpy as np


def running_peak(values):
    peak = -np.inf
    for v in values:
        if v > peak:
            peak = v
        yield peak


def drawdown_stats(equity):
    peaks = np.fromiter(running_peak(equity), dtype=np.float64, count=len(equity))
    dd = 1.0 - equity / peaks
    under = dd > 0
    starts = np.flatnonzero(np.diff(np.concatenate(([0], under.astype(np.int8)))) == 1)
    ends = np.flatnonzero(np.diff(np.concatenate((under.astype(np.int8), [0]))) == -1)
    longest = int((ends - starts).max()) if len(starts) else 0
    return {"max_dd": float(dd.max()), "longest": longest}


def simulate_equity(rng, n_days, mu, sigma):
    r = rng.normal(mu, sigma, size=n_days)
    return 100.0 * np.exp(np.cumsum(r))


def main():
    rng = np.random.default_rng(5)
    params = [(2e-7, 2e-4), (1e-7, 1.6e-4), (3e-7, 3e-4), (0.0, 1e-4), (5e-8, 4e-4), (2e-7, 2.4e-4)]
    stats = []
    for mu, sigma in params:
        equity = simulate_equity(rng, 3_600_000, mu, sigma)
        stats.append(drawdown_stats(equity))
    max_dds = [s["max_dd"] for s in stats]
    worst = max(max_dds)
    checksum = worst + sum(s["longest"] for s in stats) * 1e-6 + float(np.mean(max_dds))
    print("result:", round(checksum, 10))


if __name__ == "__main__":
    main()
