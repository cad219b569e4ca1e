# ruff: noqa
"""Fits an expected-goals (xG) model to a season of synthetic shot events (logistic regression on
distance, angle, shot type, rebound and rush flags, strength state) with five-fold cross-validation,
scores every held-out shot, and prints the calibration error of the out-of-fold xG."""
import numpy as np

SHOT_TYPES = ["wrist", "slap", "snap", "backhand", "tip", "deflection", "wraparound"]
STRENGTHS = ["5v5", "5v4", "4v5", "4v4", "3v3"]
GOAL_X = 89.0


def synth_shots(n, rng):
    x = rng.uniform(25.0, 100.0, n)
    y = rng.uniform(-42.5, 42.5, n)
    dist = np.hypot(GOAL_X - x, y)
    angle = np.degrees(np.arctan2(np.abs(y), np.abs(GOAL_X - x) + 1e-3))
    shot_type = rng.integers(0, len(SHOT_TYPES), n)
    strength = rng.choice(len(STRENGTHS), n, p=[0.78, 0.12, 0.05, 0.04, 0.01])
    rebound = rng.random(n) < 0.08
    rush = rng.random(n) < 0.15
    return {"dist": dist, "angle": angle, "shot_type": shot_type, "strength": strength,
            "rebound": rebound, "rush": rush}


def design_matrix(shots):
    n = len(shots["dist"])
    cols = [np.ones(n), shots["dist"] / 30.0, (shots["dist"] / 30.0) ** 2, shots["angle"] / 45.0,
            shots["rebound"].astype(float), shots["rush"].astype(float)]
    cols += [(shots["shot_type"] == k).astype(float) for k in range(1, len(SHOT_TYPES))]
    cols += [(shots["strength"] == k).astype(float) for k in range(1, len(STRENGTHS))]
    return np.column_stack(cols)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


class XGModel:
    def __init__(self, n_features, l2=1e-3):
        self.w = np.zeros(n_features)
        self.l2 = l2

    def fit(self, X, y, epochs=15, lr=1.0):
        n = len(y)
        for _ in range(epochs):
            p = sigmoid(X @ self.w)
            grad = X.T @ (p - y) / n + self.l2 * self.w
            self.w -= lr * grad
        return self

    def shot_values(self, X):
        logits = np.array([row @ self.w for row in X])
        return sigmoid(logits)


def calibration_error(p, y, n_bins=10):
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    idx = np.clip(np.digitize(p, edges) - 1, 0, n_bins - 1)
    err = 0.0
    for b in range(n_bins):
        m = idx == b
        if m.any():
            err += m.mean() * abs(p[m].mean() - y[m].mean())
    return err


rng = np.random.default_rng(7)
shots = synth_shots(500_000, rng)
X = design_matrix(shots)
true_w = np.array([-1.2, -1.6, 0.25, -0.5, 0.9, 0.4, 0.3, -0.2, 0.1, -0.3, 0.6, 0.5, 0.1,
                   0.45, -0.4, 0.05])
goals = (rng.random(len(X)) < sigmoid(X @ true_w)).astype(float)

folds = rng.permutation(len(X)) % 5
oof = np.empty(len(X))
fold_losses = np.empty(5)
for k in range(5):
    train, test = folds != k, folds == k
    model = XGModel(X.shape[1]).fit(X[train], goals[train])
    oof[test] = model.shot_values(X[test])
    p = np.clip(oof[test], 1e-9, 1 - 1e-9)
    loss = -np.mean(goals[test] * np.log(p) + (1 - goals[test]) * np.log(1 - p))
    fold_losses[k] = loss
    print(f"fold {k}: log loss {loss:.4f}")

ece = calibration_error(oof, goals)
print(f"mean log loss {fold_losses.mean():.4f}, ece {ece:.5f}, xG total {oof.sum():.1f} vs goals {goals.sum():.0f}")
print(f"result: {fold_losses.mean() + ece:.10e}")
