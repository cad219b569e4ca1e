# ruff: noqa
"""Fishing-fleet landings simulation for one season: every vessel fishes its grounds day by
day, each haul's catch depends on the ground's stock density, the vessel's gear and the weather
(some hauls come up empty when the weather turns); stock is depleted by the catch, quotas are
checked per species, and the season's landings per port are summarised."""
from dataclasses import dataclass

import numpy as np

SPECIES = ("cod", "haddock", "saithe", "pollock", "ling", "tusk", "redfish", "plaice")


@dataclass
class Vessel:
    name: str
    port: int
    ground: int
    hauls_per_day: int
    gear_efficiency: float
    weather_risk: float
    quota_kg: np.ndarray


class Season:
    def __init__(self, n_grounds, n_days, seed):
        self.rng = np.random.default_rng(seed)
        self.sea = np.random.default_rng(seed + 1)
        self.n_days = n_days
        self.density = self.rng.uniform(200.0, 900.0, size=(n_grounds, len(SPECIES)))
        self.mix = self.density / self.density.sum(axis=1, keepdims=True)

    def haul_weights(self, vessel):
        """Kilograms brought up by each haul of the season, in fishing order."""
        dens = self.density[vessel.ground]
        for day in range(self.n_days):
            base = vessel.gear_efficiency * float(dens.sum()) * 0.02
            for _ in range(vessel.hauls_per_day):
                if self.sea.random() < vessel.weather_risk:
                    yield day, 0.0
                else:
                    yield day, base

    def fish(self, vessel):
        landed = np.zeros(len(SPECIES))
        quota = vessel.quota_kg.copy()
        by_day = np.zeros(self.n_days)
        hauls = np.fromiter((kg for _, kg in self.haul_weights(vessel)), dtype=float)
        days = np.repeat(np.arange(self.n_days), vessel.hauls_per_day)
        np.add.at(by_day, days, hauls)
        catch = np.outer(by_day, self.mix[vessel.ground])
        cum = np.cumsum(catch, axis=0)
        allowed = np.minimum(cum, quota)
        landed = allowed[-1]
        self.density[vessel.ground] *= np.exp(-landed / 4.0e6)
        return landed, by_day


def make_fleet(rng, n_vessels, n_grounds):
    fleet = []
    for i in range(n_vessels):
        fleet.append(
            Vessel(
                name=f"V{i:03d}",
                port=int(rng.integers(0, 5)),
                ground=int(rng.integers(0, n_grounds)),
                hauls_per_day=int(rng.integers(40, 90)),
                gear_efficiency=float(rng.uniform(0.6, 1.4)),
                weather_risk=float(rng.uniform(0.05, 0.3)),
                quota_kg=rng.uniform(5e4, 4e5, size=len(SPECIES)),
            )
        )
    return fleet


season = Season(n_grounds=12, n_days=300, seed=11)
fleet = make_fleet(season.rng, 60, 12)
port_landings = np.zeros((5, len(SPECIES)))
daily = np.zeros(season.n_days)
for vessel in fleet:
    landed, by_day = season.fish(vessel)
    port_landings[vessel.port] += landed
    daily += by_day

for p in range(5):
    top = np.argsort(port_landings[p])[::-1][:3]
    print(f"port {p}: " + ", ".join(f"{SPECIES[k]} {port_landings[p, k] / 1000:.1f} t" for k in top))
print(f"result: {port_landings.sum() + daily.std() + season.density.sum():.10e}")
