# ruff: noqa
"""Fits a logistic model of delayed discharge (patient medically fit but still in a bed a day
later, waiting for a care package or transport) on a synthetic cohort, then uses the fitted risks
in a Monte Carlo of tomorrow's bed releases on the medical wards. Prints the 90th percentile of
the number of beds blocked by delays."""
import numpy as np

N_PATIENTS = 14_000
EPOCHS = 100
LEARNING_RATE = 0.4
L2 = 1e-3
N_SCENARIOS = 100_000

FEATURES = ["age", "los_so_far", "comorbidities", "frailty", "lives_alone", "care_home",
            "weekend", "hour_fit", "prior_admits", "mobility", "cognition", "oxygen",
            "iv_antibiotics", "social_worker"]


def make_cohort(rng, n):
    age = rng.normal(72, 14, n).clip(18, 102)
    cols = {
        "age": age,
        "los_so_far": rng.gamma(2.0, 3.0, n),
        "comorbidities": rng.poisson(2.5 + 0.03 * (age - 70).clip(0), n).astype(float),
        "frailty": rng.integers(1, 10, n).astype(float),
        "lives_alone": (rng.random(n) < 0.35).astype(float),
        "care_home": (rng.random(n) < 0.12).astype(float),
        "weekend": (rng.random(n) < 2 / 7).astype(float),
        "hour_fit": rng.uniform(7, 20, n),
        "prior_admits": rng.poisson(1.2, n).astype(float),
        "mobility": rng.integers(0, 4, n).astype(float),
        "cognition": rng.integers(0, 3, n).astype(float),
        "oxygen": (rng.random(n) < 0.1).astype(float),
        "iv_antibiotics": (rng.random(n) < 0.2).astype(float),
        "social_worker": (rng.random(n) < 0.25).astype(float),
    }
    X = np.column_stack([cols[f] for f in FEATURES])
    true_w = np.array([0.02, 0.08, 0.15, 0.25, 0.6, -0.4, 0.5, 0.09, 0.1, 0.3, 0.35, 0.2, 0.15, 0.7])
    eta = X @ true_w - 6.0
    y = (rng.random(n) < 1.0 / (1.0 + np.exp(-eta))).astype(float)
    return X, y


def standardise(X):
    mu = np.empty(X.shape[1])
    sd = np.empty(X.shape[1])
    Z = np.empty_like(X)
    for j in range(X.shape[1]):
        mu[j], sd[j] = X[:, j].mean(), X[:, j].std()
        Z[:, j] = (X[:, j] - mu[j]) / sd[j]
    return Z, mu, sd


class DelayModel:
    def __init__(self, n_features):
        self.w = np.zeros(n_features)
        self.b = 0.0

    def linear_predictor(self, Z):
        return np.array([row @ self.w for row in Z]) + self.b

    def predict(self, Z):
        return 1.0 / (1.0 + np.exp(-self.linear_predictor(Z)))

    def fit(self, Z, y, epochs, lr):
        n = len(y)
        for _ in range(epochs):
            resid = self.predict(Z) - y
            self.w -= lr * (Z.T @ resid / n + L2 * self.w)
            self.b -= lr * resid.mean()
        return self

    def log_loss(self, Z, y):
        p = self.predict(Z).clip(1e-12, 1 - 1e-12)
        return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def blocked_beds(rng, risk, n_scenarios, chunk=250):
    """Beds still blocked tomorrow in each scenario; patients become fit with probability 0.6."""
    out = []
    for start in range(0, n_scenarios, chunk):
        m = min(chunk, n_scenarios - start)
        fit_today = rng.random((m, len(risk))) < 0.6
        delayed = rng.random((m, len(risk))) < risk
        out.append((fit_today & delayed).sum(axis=1))
    return np.concatenate(out)


rng = np.random.default_rng(77)
X, y = make_cohort(rng, N_PATIENTS)
Z, mu, sd = standardise(X)
train = rng.random(N_PATIENTS) < 0.8
model = DelayModel(Z.shape[1]).fit(Z[train], y[train], EPOCHS, LEARNING_RATE)
test_loss = model.log_loss(Z[~train], y[~train])

# tomorrow's census on the medical wards: 1 in 8 of the cohort
ward_idx = rng.choice(N_PATIENTS, N_PATIENTS // 8, replace=False)
risk = model.predict(Z[ward_idx])
blocked = blocked_beds(rng, risk, N_SCENARIOS)
p90 = float(np.percentile(blocked, 90))
print(f"result: {p90 + test_loss:.10e}")
