# ruff: noqa
"""Standardises catch-per-unit-effort for a trawl fleet: a Poisson GLM of haul catches on year,
month, vessel and depth-band effects with log(effort) as an offset, fitted by iteratively
reweighted least squares, then a year index (the standardised CPUE trend) with a bootstrap
over trips, and prints the index's mean coefficient of variation."""
import numpy as np

N_YEARS = 15
N_VESSELS = 24
DEPTH_EDGES = np.array([0.0, 50.0, 100.0, 150.0, 200.0, 300.0, 500.0])


def simulate_logbook(n_hauls, rng):
    year = rng.integers(0, N_YEARS, n_hauls)
    month = rng.integers(0, 12, n_hauls)
    vessel = rng.integers(0, N_VESSELS, n_hauls)
    depth = rng.gamma(4.0, 40.0, n_hauls)
    effort = rng.uniform(1.0, 6.0, n_hauls)  # hours towed
    trend = 0.4 * np.sin(np.arange(N_YEARS) / 3.0) - 0.02 * np.arange(N_YEARS)
    season = 0.3 * np.cos(2 * np.pi * np.arange(12) / 12)
    skill = 0.25 * rng.standard_normal(N_VESSELS)
    band = np.clip(np.digitize(depth, DEPTH_EDGES) - 1, 0, len(DEPTH_EDGES) - 2)
    depth_eff = np.array([-0.5, -0.1, 0.2, 0.35, 0.1, -0.3])[band]
    mu = effort * np.exp(1.2 + trend[year] + season[month] + skill[vessel] + depth_eff)
    catch = rng.poisson(mu)
    trip = rng.integers(0, n_hauls // 8, n_hauls)
    return {"year": year, "month": month, "vessel": vessel, "band": band,
            "effort": effort, "catch": catch, "trip": trip}


def one_hot(codes, n, drop_first=True):
    m = np.zeros((len(codes), n))
    m[np.arange(len(codes)), codes] = 1.0
    return m[:, 1:] if drop_first else m


def design_matrix(log):
    cols = [np.ones((len(log["year"]), 1)),
            one_hot(log["year"], N_YEARS),
            one_hot(log["month"], 12),
            one_hot(log["vessel"], N_VESSELS),
            one_hot(log["band"], len(DEPTH_EDGES) - 1)]
    return np.hstack(cols)


def linear_predictor(X, beta, offset):
    return X @ beta + offset


class PoissonGLM:
    def __init__(self, max_iter=25, tol=1e-9):
        self.max_iter = max_iter
        self.tol = tol
        self.beta = None

    def fit(self, X, y, offset):
        beta = np.zeros(X.shape[1])
        beta[0] = np.log(y.mean() / np.exp(offset).mean())
        dev_old = np.inf
        for it in range(self.max_iter):
            eta = linear_predictor(X, beta, offset)
            mu = np.exp(eta)
            z = eta - offset + (y - mu) / mu
            XtW = X.T * mu
            beta = np.linalg.solve(XtW @ X, XtW @ z)
            mu_new = np.exp(X @ beta + offset)
            dev = 2.0 * np.sum(np.where(y > 0, y * np.log(np.maximum(y, 1) / mu_new), 0.0) - (y - mu_new))
            if abs(dev_old - dev) < self.tol * (abs(dev) + 1.0):
                break
            dev_old = dev
        self.beta = beta
        return self

    def year_index(self):
        coefs = np.append(0.0, self.beta[1:N_YEARS])
        index = np.array([])
        for c in coefs:
            index = np.append(index, np.exp(c))
        return index / index.mean()


def bootstrap_index(log, X, n_boot, rng):
    trips = np.unique(log["trip"])
    order = np.argsort(log["trip"], kind="stable")
    starts = np.searchsorted(log["trip"][order], trips)
    ends = np.append(starts[1:], len(order))
    offset = np.log(log["effort"])
    indices = []
    for b in range(n_boot):
        pick = rng.integers(0, len(trips), len(trips))
        rows = np.concatenate([order[starts[t]:ends[t]] for t in pick])
        glm = PoissonGLM(max_iter=8).fit(X[rows], log["catch"][rows], offset[rows])
        indices.append(glm.year_index())
    return np.array(indices)


rng = np.random.default_rng(11)
log = simulate_logbook(40000, rng)
X = design_matrix(log)
offset = np.log(log["effort"])
glm = PoissonGLM().fit(X, log["catch"], offset)
index = glm.year_index()
boot = bootstrap_index(log, X, 12, rng)
cv = boot.std(axis=0) / boot.mean(axis=0)
print("year index:", np.round(index, 3))
print(f"mean cv {cv.mean():.4f}")
print(f"result: {cv.mean() + index.sum():.10e}")
