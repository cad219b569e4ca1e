# ruff: noqa
"""Tire wear model for race strategy: lap-by-lap wear rates from a linear model of load, slip,
surface temperature and track features, accumulated over each stint, compared across three
compounds; reports laps until the wear limit per compound."""
import numpy as np

COMPOUNDS = {"soft": 1.35, "medium": 1.0, "hard": 0.78}
FEATURES = ["load", "slip", "temp", "kerb", "fuel", "camber", "pressure", "abrasion"]


def lap_features(rng, n_laps):
    x = rng.normal(0.0, 1.0, size=(n_laps, len(FEATURES)))
    x[:, 4] = np.linspace(1.0, 0.0, n_laps)  # fuel burns off
    return x


def stint_wear(x, coef, base, factor):
    rates = x @ coef
    rates = factor * (base + 0.01 * np.tanh(rates))
    return np.cumsum(rates)


rng = np.random.default_rng(21)
coef = rng.normal(0.0, 0.5, size=len(FEATURES))
limit = 0.9
summary = np.empty(0)
for name, factor in COMPOUNDS.items():
    laps_to_limit = []
    worn = 0.0
    for stint in range(800):
        x = lap_features(rng, 900) / 1.1
        wear = stint_wear(x, coef, 0.004, factor)
        laps_to_limit.append(int(np.searchsorted(wear, limit)))
        worn += wear[-1]
    summary = np.append(summary, [np.mean(laps_to_limit), worn])
    print(f"{name:>6}: {np.mean(laps_to_limit):.1f} laps to limit")
print(f"result: {summary.sum():.10e}")
