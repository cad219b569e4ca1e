# ruff: noqa
"""Simulates a year of bed flow through a small hospital's wards: daily emergency and elective
admissions, lengths of stay drawn from each ward's historical discharge records, and transfers out
of the surgical step-down ward. Reports the mean midnight bed occupancy across all wards."""
import numpy as np

WARDS = ["acute_medical", "surgical", "stepdown", "elderly_care", "orthopaedic", "cardiology"]
BEDS = {"acute_medical": 48, "surgical": 36, "stepdown": 20,
        "elderly_care": 40, "orthopaedic": 28, "cardiology": 24}
MEAN_ARRIVALS = {"acute_medical": 11.0, "surgical": 6.5, "stepdown": 2.0,
                 "elderly_care": 5.0, "orthopaedic": 4.0, "cardiology": 4.5}
WEEKDAY_FACTOR = np.array([1.15, 1.05, 1.0, 1.0, 0.98, 0.85, 0.80])
HISTORY_SIZE = 1_200
REPLICATIONS = 30


def make_history(rng):
    """Historical lengths of stay (days) per ward, as exported from the patient admin system."""
    shapes = {"acute_medical": (1.6, 2.5), "surgical": (2.2, 1.8), "stepdown": (1.2, 1.5),
              "elderly_care": (1.4, 6.0), "orthopaedic": (2.0, 3.0), "cardiology": (1.8, 2.2)}
    return {w: rng.gamma(k, theta, HISTORY_SIZE) + 0.25 for w, (k, theta) in shapes.items()}


class Ward:
    def __init__(self, name, beds, history):
        self.name = name
        self.beds = beds
        self.history = history
        self.discharge_day = np.full(beds, -1, dtype=np.int64)  # -1 marks an empty bed
        self.refused = 0

    def sample_stays(self, rng, n):
        """Empirical-quantile draw of n lengths of stay from the ward's history."""
        ordered = np.sort(self.history)
        u = rng.random(n)
        idx = np.minimum((u * len(ordered)).astype(np.int64), len(ordered) - 1)
        return np.ceil(ordered[idx]).astype(np.int64)

    def discharge(self, day):
        leaving = self.discharge_day == day
        self.discharge_day[leaving] = -1
        return int(leaving.sum())

    def admit(self, rng, day, n):
        free = np.flatnonzero(self.discharge_day < 0)
        taken = min(n, len(free))
        self.refused += n - taken
        if taken:
            self.discharge_day[free[:taken]] = day + self.sample_stays(rng, taken)
        return taken

    @property
    def occupied(self):
        return int((self.discharge_day >= 0).sum())


def simulate(rng, history, days):
    wards = {w: Ward(w, BEDS[w], history[w]) for w in WARDS}
    census = np.zeros((days, len(WARDS)))
    transfers = 0
    for day in range(days):
        factor = WEEKDAY_FACTOR[day % 7]
        stepped_down = 0
        for j, name in enumerate(WARDS):
            ward = wards[name]
            left = ward.discharge(day)
            if name == "surgical":
                stepped_down = rng.binomial(left, 0.2)
            arrivals = rng.poisson(MEAN_ARRIVALS[name] * factor)
            if name == "stepdown":
                arrivals += stepped_down
                transfers += stepped_down
            ward.admit(rng, day, arrivals)
            census[day, j] = ward.occupied
    return census, wards, transfers


def weekly_summary(census):
    """Mean occupancy per ISO-style week; the log is short (52 rows)."""
    n_weeks = census.shape[0] // 7
    return census[:n_weeks * 7].reshape(n_weeks, 7, census.shape[1]).mean(axis=1)


def occupancy_alerts(weekly, beds):
    rate = weekly / beds
    return {w: int((rate[:, j] > 0.92).sum()) for j, w in enumerate(WARDS)}


rng = np.random.default_rng(2024)
history = make_history(rng)
beds = np.array([BEDS[w] for w in WARDS], dtype=float)
score = 0.0
for rep in range(REPLICATIONS):
    census, wards, transfers = simulate(rng, history, 365)
    weekly = weekly_summary(census)
    alerts = occupancy_alerts(weekly, beds)
    refused = sum(w.refused for w in wards.values())
    mean_occ = census[28:].mean(axis=0)  # drop the four-week warm-up
    score += float((mean_occ / beds).mean()) + 1e-6 * refused + 1e-7 * transfers
    score += 1e-8 * sum(alerts.values())
score /= REPLICATIONS
print(f"result: {score:.10e}")
