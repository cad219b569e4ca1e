# ruff: noqa
"""Season report from the GPS/altimeter tags of a falconry centre's birds. Each flight is a
synthetic 10 Hz track (climb in thermals, stoops, glides back to the glove). For every flight
the script computes the total climb, the fastest stoop and the time spent downwind of the
field, then prints a per-bird summary of the season and the best stoop overall."""
from dataclasses import dataclass, field

import numpy as np

HZ = 10
WIND_SECTORS = {"north": 0.0, "east": 90.0, "south": 180.0, "west": 270.0}


@dataclass
class Bird:
    name: str
    species: str
    mass_g: float
    flights: list = field(default_factory=list)


@dataclass
class Flight:
    bird: str
    alt: np.ndarray
    heading: np.ndarray
    wind_from: float


class TrackStats:
    @staticmethod
    def total_climb(alt):
        rise = np.diff(alt)
        return rise[rise > 0].sum()

    @staticmethod
    def fastest_stoop(alt):
        vz = np.diff(alt) * HZ
        return float(-vz.min())

    @staticmethod
    def downwind_seconds(heading, wind_from):
        off = np.abs((heading - wind_from + 180.0) % 360.0 - 180.0)
        return float(np.count_nonzero(off > 135.0)) / HZ


def synth_flight(bird, rng, seconds):
    n = seconds * HZ
    thermal = np.cumsum(rng.normal(0.02, 0.25, size=n))
    stoops = np.zeros(n)
    for start in rng.integers(0, n - 60, size=3):
        stoops[start:start + 40] -= np.linspace(0, 2.2, 40)
    alt = np.maximum(0.0, 40.0 + thermal + np.cumsum(stoops) * 0.1)
    heading = np.cumsum(rng.normal(0.0, 3.0, size=n)) % 360.0
    wind = float(rng.choice(list(WIND_SECTORS.values())))
    return Flight(bird.name, alt, heading, wind)


def season(rng):
    birds = [Bird("Juno", "harris hawk", 720.0), Bird("Kestrel Kit", "kestrel", 190.0),
             Bird("Odin", "peregrine", 940.0), Bird("Pip", "merlin", 210.0),
             Bird("Sable", "saker", 1050.0), Bird("Wren", "lanner", 560.0)]
    for bird in birds:
        for _ in range(100):
            bird.flights.append(synth_flight(bird, rng, int(rng.integers(1200, 2000))))
    return birds


def sector_report(flights):
    tops = np.array([f.alt.max() for f in flights])
    winds = np.array([f.wind_from for f in flights])
    out = {}
    for sector, deg in WIND_SECTORS.items():
        sel = winds == deg
        out[sector] = float(tops[sel].mean()) if sel.any() else 0.0
    return out


def main():
    rng = np.random.default_rng(77)
    birds = season(rng)
    stats = TrackStats()
    checksum = 0.0
    best = (0.0, "")
    all_flights = []
    for bird in birds:
        climbs = [stats.total_climb(f.alt) for f in bird.flights]
        stoops = [stats.fastest_stoop(f.alt) for f in bird.flights]
        down = [stats.downwind_seconds(f.heading, f.wind_from) for f in bird.flights]
        all_flights.extend(bird.flights)
        if max(stoops) > best[0]:
            best = (max(stoops), bird.name)
        print(f"{bird.name:12s} {bird.species:12s} climb {np.mean(climbs):8.1f} m/flight, "
              f"stoop {max(stoops):5.1f} m/s, downwind {np.mean(down):6.1f} s")
        checksum += sum(climbs) + sum(stoops) + sum(down)
    ceilings = sector_report(all_flights)
    for sector, c in ceilings.items():
        print(f"wind from {sector:5s}: mean ceiling {c:7.1f} m")
    print(f"best stoop: {best[1]} at {best[0]:.1f} m/s")
    print(f"result: {checksum + sum(ceilings.values()):.10e}")


if __name__ == "__main__":
    main()
