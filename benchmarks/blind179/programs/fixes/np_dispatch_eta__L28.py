# ruff: noqa
"""Fire station dispatch: for a simulated year of incidents, estimates every engine company's
travel time with a linear road-speed model (distance, hour-of-day congestion, bridge crossings,
turnout), dispatches the fastest available engine and prints the mean response time."""
import numpy as np

N_STATIONS = 24
N_INCIDENTS = 20000
TURNOUT_S = 80.0


class TravelModel:
    """Travel time in seconds = features @ coef, fitted offline by the city's GIS team."""

    def __init__(self, rng):
        self.coef = np.array([42.0, 11.5, 6.0, 95.0, 1.0, 18.0])
        self.hour_congestion = 1.0 + 0.6 * np.sin(np.linspace(0.0, 2 * np.pi, 24, endpoint=False) - 1.2) ** 2
        self.river_x = 5.5 + 0.3 * rng.standard_normal()

    def features(self, stations, incident, hour):
        d_man = np.abs(stations - incident).sum(axis=1)
        d_euc = np.sqrt(((stations - incident) ** 2).sum(axis=1))
        crosses = ((stations[:, 0] < self.river_x) != (incident[0] < self.river_x)).astype(float)
        cong = self.hour_congestion[hour] * np.ones(len(stations))
        return np.column_stack([d_man, d_euc * cong, d_man * cong - d_euc, crosses, np.full(len(stations), TURNOUT_S), cong])

    def eta(self, feats):
        return feats @ self.coef


def crew_readiness(rng):
    crews = rng.uniform(0.7, 1.0, size=(4, 3))
    weights = np.array([0.5, 0.3, 0.2])
    return np.array([crew @ weights for crew in crews])


def main():
    rng = np.random.default_rng(7)
    model = TravelModel(rng)
    stations = rng.uniform(0.0, 12.0, size=(N_STATIONS, 2))
    readiness = crew_readiness(rng)
    incidents = rng.uniform(0.0, 12.0, size=(N_INCIDENTS, 2))
    hours = rng.integers(0, 24, size=N_INCIDENTS)
    busy_until = np.zeros(N_STATIONS)
    clock = np.cumsum(rng.exponential(600.0, size=N_INCIDENTS))
    responses = np.empty(N_INCIDENTS)
    for k in range(N_INCIDENTS):
        feats = model.features(stations, incidents[k], hours[k])
        eta = model.eta(feats)
        eta = np.where(busy_until > clock[k], eta + 900.0, eta)
        unit = int(np.argmin(eta))
        responses[k] = eta[unit] / readiness[unit % 4]
        busy_until[unit] = clock[k] + 1800.0 + eta[unit]
    print(f"mean response {responses.mean():.1f} s, 90th pct {np.percentile(responses, 90):.1f} s")
    print(f"result: {responses.mean():.10e}")


main()
