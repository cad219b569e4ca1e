"""Risk report for a set of simulated trading strategies: geometric random-walk equity curves,
their running peaks and drawdowns, the worst drawdown and the time spent under water per
strategy, and a ranking of the strategies by return over worst drawdown."""
import numpy as np

THRESHOLDS = (0.05, 0.10, 0.20)


def equity_curves(rng, n_strats, n_steps):
    drift = rng.uniform(-2e-6, 6e-6, size=n_strats)
    vol = rng.uniform(0.0005, 0.002, size=n_strats)
    for s in range(n_strats):
        steps = drift[s] + vol[s] * rng.standard_normal(n_steps)
        yield f"strat-{s:03d}", 100.0 * np.exp(np.cumsum(steps))


class Drawdown:
    @staticmethod
    def running_peak(curve):
        peak = np.empty_like(curve)
        best = -np.inf
        for i, v in enumerate(curve):
            if v > best:
                best = v
            peak[i] = best
        return peak

    @classmethod
    def summary(cls, curve):
        dd = 1.0 - curve / cls.running_peak(curve)
        worst = float(dd.max())
        breaches = int(np.count_nonzero(worst > np.array(THRESHOLDS)))
        return worst, int((dd > 0.05).sum()), breaches


rng = np.random.default_rng(3)
report = {}
for name, curve in equity_curves(rng, 50, 500_000):
    worst, under, breaches = Drawdown.summary(curve)
    report[name] = (curve[-1] / curve[0] - 1.0, worst, under, breaches)

ranked = sorted(report, key=lambda k: report[k][0] / max(report[k][1], 1e-9), reverse=True)
for name in ranked[:5]:
    ret, worst, under, breaches = report[name]
    print(f"{name}: return {ret:+.3f}, worst drawdown {worst:.3f}, {under} steps under water, {breaches} breaches")
total = sum(r[0] + r[1] + r[2] * 1e-6 + r[3] for r in report.values())
print(f"result: {total:.10e}")
