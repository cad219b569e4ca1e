# ruff: noqa
"""Rolling-origin backtest of a seasonal-naive-with-drift forecaster on a panel of synthetic
weekly sales series: per fold it forecasts the next quarter, scores MASE against the seasonal
naive baseline, and reports the worst drawdown of each series' cumulative forecast error."""
from dataclasses import dataclass, field

import numpy as np

SEASON = 52
HORIZON = 13


@dataclass
class Panel:
    values: np.ndarray
    names: list = field(default_factory=list)

    @classmethod
    def synthetic(cls, n_series, n_weeks, rng):
        t = np.arange(n_weeks)
        level = rng.uniform(50, 200, size=(n_series, 1))
        trend = rng.normal(0.05, 0.03, size=(n_series, 1)) * t
        season = rng.uniform(5, 25, size=(n_series, 1)) * np.sin(2 * np.pi * t / SEASON
                                                                + rng.uniform(0, 6, size=(n_series, 1)))
        noise = rng.normal(0, 4, size=(n_series, n_weeks))
        names = [f"store{i // 20:02d}-item{i % 20:02d}" for i in range(n_series)]
        return cls(level + trend + season + noise, names)


def seasonal_drift_forecast(history, horizon):
    last_season = history[:, -SEASON:]
    drift = (history[:, -1] - history[:, -SEASON - 1]) / SEASON
    reps = last_season[:, np.arange(horizon) % SEASON]
    return reps + drift[:, None] * np.arange(1, horizon + 1)


def linear_trend_forecast(history, horizon):
    n = history.shape[1]
    t = np.arange(n, dtype=float)
    tc = t - t.mean()
    slope = (history - history.mean(axis=1, keepdims=True)) @ tc / (tc @ tc)
    intercept = history.mean(axis=1) - slope * t.mean()
    future = np.arange(n, n + horizon)
    return intercept[:, None] + slope[:, None] * future


def mase(actual, forecast, history):
    scale = np.abs(history[:, SEASON:] - history[:, :-SEASON]).mean(axis=1)
    return np.abs(actual - forecast).mean(axis=1) / scale


def running_peak(x):
    peak = np.empty_like(x)
    best = -np.inf
    for i, v in enumerate(x):
        if v > best:
            best = v
        peak[i] = best
    return peak


def max_drawdown(errors):
    cum = np.cumsum(errors)
    return float((running_peak(cum) - cum).max())


def backtest(panel, first_origin, step):
    y = panel.values
    n_weeks = y.shape[1]
    fold_weights = [0.5, 0.3, 0.2]  # all folds, last fold, the fold before
    norm = fold_weights[0] + fold_weights[1] + fold_weights[2]
    scores = []
    errors = []
    origin = first_origin
    while origin + HORIZON <= n_weeks:
        hist = y[:, :origin]
        fc = 0.7 * seasonal_drift_forecast(hist, HORIZON) + 0.3 * linear_trend_forecast(hist, HORIZON)
        actual = y[:, origin:origin + HORIZON]
        scores.append(mase(actual, fc, hist))
        errors.append(actual - fc)
        origin += step
    scores = np.array(scores)
    err = np.concatenate(errors, axis=1)
    drawdowns = np.array([max_drawdown(e) for e in err])
    combined = (fold_weights[0] * scores.mean(axis=0) + fold_weights[1] * scores[-1]
                + fold_weights[2] * scores[-2]) / norm
    return combined, drawdowns


rng = np.random.default_rng(11)
panel = Panel.synthetic(2000, 520, rng)
score, dd = backtest(panel, 3 * SEASON, 1)
worst = np.argsort(dd)[-3:]
for i in worst:
    print(f"{panel.names[i]}: drawdown {dd[i]:.1f}, weighted MASE {score[i]:.3f}")
print("result:", float(score.sum() + dd.sum()))
