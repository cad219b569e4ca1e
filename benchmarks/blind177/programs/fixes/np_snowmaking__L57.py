# ruff: noqa
"""Snowmaking planner for a ski resort: fits each snow gun's output (cubic metres per hour) to a
season of hourly weather at the base station (wet-bulb temperature, humidity, wind, water
temperature and their interactions) by ridge regression, forecasts tonight's output for every gun,
and fills the reservoirs' water budgets with the most productive guns first."""
import numpy as np

HOURS = 6000
N_GUNS = 2400
RIDGE = 1e-2


def weather_features(raw):
    """Polynomial features of the standardised weather record (degree 2 with interactions)."""
    z = (raw - raw.mean(axis=0)) / raw.std(axis=0)
    cols = [np.ones(len(z))]
    k = z.shape[1]
    for i in range(k):
        cols.append(z[:, i])
    for i in range(k):
        for j in range(i, k):
            cols.append(z[:, i] * z[:, j])
    return np.column_stack(cols)


class SnowGun:
    def __init__(self, gun_id, trail, true_coef):
        self.gun_id = gun_id
        self.trail = trail
        self.true_coef = true_coef
        self.coef = None
        self.resid_sd = None

    def fit(self, X, y):
        gram = X.T @ X + RIDGE * len(X) * np.eye(X.shape[1])
        self.coef = np.linalg.solve(gram, X.T @ y)
        resid = y - X @ self.coef
        self.resid_sd = float(np.sqrt(np.mean(resid**2)))
        return self.resid_sd


def simulate_history(rng, n_hours, n_raw):
    t = np.arange(n_hours)
    wet_bulb = -6.0 + 4.0 * np.sin(2 * np.pi * t / 24.0) + np.cumsum(0.05 * rng.standard_normal(n_hours))
    raw = np.column_stack(
        [wet_bulb]
        + [np.sin(2 * np.pi * t / (24.0 * (k + 1.5))) + 0.3 * rng.standard_normal(n_hours) for k in range(n_raw - 1)]
    )
    return raw


def plan_night(guns, tonight, budgets, water_per_m3):
    """Greedy allocation: each reservoir's budget goes to its trail's most productive guns."""
    priorities = np.array([3.0, 1.0, 2.0, 5.0, 4.0])
    made = 0.0
    order = np.argsort(-priorities)
    for r, budget in enumerate(budgets):
        trail = order[r]
        rates = np.array([max(tonight @ g.coef, 0.0) for g in guns if g.trail == trail])
        rates = np.sort(rates)[::-1]
        water = np.cumsum(rates * 10.0 * water_per_m3)
        n_on = int(np.searchsorted(water, budget))
        made += float(rates[:n_on].sum() * 10.0)
    return made


def main():
    rng = np.random.default_rng(11)
    raw = simulate_history(rng, HOURS, 7)
    X = weather_features(raw)
    p = X.shape[1]
    guns = []
    for g in range(N_GUNS):
        true_coef = rng.standard_normal(p) * np.exp(-0.1 * np.arange(p))
        true_coef[0] = 25.0 + 5.0 * rng.standard_normal()
        guns.append(SnowGun(g, g % 5, true_coef))
    sds = []
    for gun in guns:
        y = X @ gun.true_coef + 2.0 * rng.standard_normal(HOURS)
        sds.append(gun.fit(X, y))
    tonight = X[-10:].mean(axis=0)
    budgets = [4.0e4, 2.5e4, 3.0e4, 1.5e4, 2.0e4]
    made = plan_night(guns, tonight, budgets, water_per_m3=0.45)
    err = np.mean([np.abs(g.coef - g.true_coef).mean() for g in guns])
    print(f"guns {N_GUNS} features {p} mean resid sd {np.mean(sds):.3f} coef err {err:.4f}")
    print(f"snow made tonight {made:.1f} m3")
    print(f"result: {made + 1000.0 * err:.10e}")


main()
