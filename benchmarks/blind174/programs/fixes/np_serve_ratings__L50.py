# ruff: noqa
"""Rates the serves recorded by a tennis club's coaching radar over a season: each serve is a
vector of ball-tracking features (speed, spin, toss height, contact point, placement...), every
player has a ridge-regression model of "point won on serve" refitted each week, and the coaches get
a weekly rating per player. Prints the season's summed rating."""
import numpy as np

FEATURES = [
    "speed_kmh", "spin_rpm", "toss_height", "contact_height", "contact_fwd", "bounce_x",
    "bounce_y", "net_clearance", "racquet_speed", "pronation", "knee_bend", "trophy_time",
    "first_serve", "deuce_side", "score_pressure", "fatigue", "wind", "sun_side",
]
N_FEAT = len(FEATURES)
RIDGE = 3.0


def simulate_player(n_weeks, serves_per_week, rng):
    skill = rng.normal(0.0, 1.0, N_FEAT)
    weeks = []
    for w in range(n_weeks):
        X = rng.normal(0.0, 1.0, (serves_per_week, N_FEAT))
        X[:, 0] = X[:, 0] * 12.0 + 160.0 + 0.2 * w  # speed creeps up with coaching
        X[:, 12] = rng.random(serves_per_week) < 0.6
        logit = X[:, 1:] @ skill[1:] * 0.15 + 0.01 * (X[:, 0] - 160.0)
        won = rng.random(serves_per_week) < 1.0 / (1.0 + np.exp(-logit))
        weeks.append((X, won.astype(float)))
    return weeks


class Standardiser:
    def __init__(self):
        self.mean = np.zeros(N_FEAT)
        self.scale = np.ones(N_FEAT)

    def fit(self, X):
        self.mean = X.mean(axis=0)
        self.scale = X.std(axis=0) + 1e-9
        return self

    def __call__(self, X):
        return (X - self.mean) / self.scale


def fit_ridge(Z, y):
    G = Z.T @ Z + RIDGE * np.eye(Z.shape[1])
    return np.linalg.solve(G, Z.T @ (y - y.mean()))


def score_serves(Z, coef):
    return Z @ coef


def weekly_rating(scores, won):
    order = np.argsort(-scores)
    top = order[: len(order) // 5]
    calib = np.corrcoef(scores, won)[0, 1]
    return float(won[top].mean() + 0.5 * calib)


def season_report(name, weeks, window):
    history_X = np.empty((0, N_FEAT))
    history_y = np.empty(0)
    ratings = []
    std = Standardiser()
    for X, won in weeks:
        history_X = np.concatenate([history_X, X])[-window:]
        history_y = np.concatenate([history_y, won])[-window:]
        std.fit(history_X)
        coef = fit_ridge(std(history_X), history_y)
        scores = score_serves(std(X), coef)
        ratings.append(weekly_rating(scores, won))
    baseline = np.array(ratings).copy()
    baseline -= baseline[0]
    return np.array(ratings), baseline[-1]


rng = np.random.default_rng(7)
roster = ["Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea"]
season_total = 0.0
for name in roster:
    weeks = simulate_player(n_weeks=30, serves_per_week=3000, rng=rng)
    ratings, progress = season_report(name, weeks, window=12000)
    season_total += ratings.sum()
    print(f"{name:6s} mean rating {ratings.mean():.3f}  progress {progress:+.3f}")
print(f"result: {season_total:.10e}")
