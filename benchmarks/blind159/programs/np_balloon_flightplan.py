# ruff: noqa
"""Hot-air balloon club flight planner.

For every flight in the season's plan (a synthetic climb/cruise/descent altitude profile, one
sample per second) it works out the outside air density and temperature along the flight, the
envelope temperature needed to carry the basket's load, and the propane each of the balloon's
burners uses; prints the season's propane total."""

import math
from dataclasses import dataclass, field

import numpy as np

RHO0 = 1.225  # kg/m^3 at sea level
SCALE_HEIGHT = 8500.0  # m
T0 = 288.15  # K
LAPSE = 0.0065  # K/m
PROPANE_PER_KELVIN = 0.0021  # kg per kelvin of lift held for one second


@dataclass
class Burner:
    name: str
    efficiency: float


@dataclass
class Balloon:
    registration: str
    volume_m3: float
    empty_mass_kg: float
    burners: list = field(default_factory=list)


@dataclass
class FlightProfile:
    pilot: str
    passengers: int
    altitudes: np.ndarray  # metres, one sample per second

    @property
    def air_density(self):
        return np.array([RHO0 * math.exp(-h / SCALE_HEIGHT) for h in self.altitudes])

    @property
    def ambient_temp(self):
        return T0 - LAPSE * self.altitudes

    @property
    def load_kg(self):
        return 80.0 * (1 + self.passengers) + 45.0


def synthetic_profile(rng, seconds):
    climb = rng.uniform(0.8, 2.5)
    ceiling = rng.uniform(600.0, 2400.0)
    t = np.arange(seconds, dtype=np.float64)
    alt = np.minimum(climb * t, ceiling)
    alt = np.minimum(alt, climb * (seconds - t))
    alt += rng.normal(0.0, 4.0, size=seconds).cumsum() * 0.05
    return np.clip(alt, 0.0, None)


class FlightPlanner:
    def __init__(self, balloon):
        self.balloon = balloon

    def envelope_temperature(self, flight):
        rho_air = flight.air_density
        lift_needed = (self.balloon.empty_mass_kg + flight.load_kg) / self.balloon.volume_m3
        margin = np.maximum(rho_air - lift_needed, 0.05)
        return flight.ambient_temp * rho_air / margin

    def propane_kg(self, flight):
        heat = np.clip(self.envelope_temperature(flight) - flight.ambient_temp, 0.0, 120.0)
        fuel = np.zeros_like(heat)
        for burner in self.balloon.burners:
            fuel += heat * PROPANE_PER_KELVIN / (burner.efficiency * len(self.balloon.burners))
        return fuel.sum()

    def mean_density(self, flight):
        return flight.air_density.mean()


def main():
    rng = np.random.default_rng(2026)
    balloon = Balloon(
        "G-CHSE",
        volume_m3=2550.0,
        empty_mass_kg=310.0,
        burners=[Burner("left", 0.91), Burner("right", 0.88), Burner("whisper", 0.74)],
    )
    planner = FlightPlanner(balloon)
    pilots = ["Agnes", "Bertrand", "Clemence", "Dieter", "Elodie", "Fergus"]
    flights = [
        FlightProfile(
            pilots[i % len(pilots)], int(rng.integers(1, 5)), synthetic_profile(rng, 5400)
        )
        for i in range(900)
    ]
    total_propane = 0.0
    densities = []
    for flight in flights:
        total_propane += planner.propane_kg(flight)
        densities.append(planner.mean_density(flight))
    print(f"flights: {len(flights)}, propane {total_propane:.2f} kg")
    print(f"result: {total_propane + sum(densities):.10e}")


if __name__ == "__main__":
    main()
