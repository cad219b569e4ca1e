# ruff: noqa
"""Telemetry summary for a falconry club's training flights: simulated GPS altitude and airspeed
tracks for every bird's flights, smoothed, with per-flight peak altitude, stoop speed and climb
work, a per-bird condition score, and a club report sorted by score."""
from dataclasses import dataclass, field

import numpy as np


@dataclass
class ClubConfig:
    birds: tuple = ("Kestrel-Ada", "Harris-Bo", "Peregrine-Cy", "Merlin-Di", "Saker-Ed",
                    "Lanner-Fa", "Goshawk-Gu", "Hobby-Hal", "Gyr-Ivo", "Barbary-Jo")
    flights_per_bird: int = 48
    samples: int = 30000
    dt: float = 0.25
    smooth: int = 9


@dataclass
class Flight:
    bird: str
    altitude: np.ndarray
    airspeed: np.ndarray
    dt: float

    @property
    def peak_altitude(self):
        return self.altitude.max()

    @property
    def stoop_speed(self):
        return float(self.airspeed.max())

    @property
    def climb_work(self):
        rise = np.diff(self.altitude)
        return float(rise[rise > 0].sum())


@dataclass
class BirdRecord:
    name: str
    mass_kg: float
    wind: np.ndarray = field(default_factory=lambda: np.zeros(4))
    flights: list = field(default_factory=list)

    def condition(self):
        gusts = self.wind.copy()
        gust_factor = 1.0 + 0.05 * float(gusts.mean())
        peaks = np.array([f.peak_altitude for f in self.flights])
        stoops = np.array([f.stoop_speed for f in self.flights])
        work = np.array([f.climb_work for f in self.flights])
        return gust_factor * (0.02 * peaks.mean() + 0.5 * stoops.mean() + 0.001 * work.mean()) / self.mass_kg


def smooth(track, width):
    kernel = np.ones(width) / width
    return np.convolve(track, kernel, mode="same")


def simulate_flight(bird, rng, cfg):
    n = cfg.samples
    t = np.arange(n) * cfg.dt
    thermal = 40.0 * np.sin(2 * np.pi * t / rng.uniform(300, 900)) ** 2
    climb = np.cumsum(rng.normal(0.05, 0.8, n))
    altitude = np.abs(120.0 + thermal + climb)
    stoop_at = rng.integers(n // 4, 3 * n // 4)
    airspeed = 12.0 + rng.gamma(2.0, 1.5, n)
    airspeed[stoop_at:stoop_at + 40] += np.linspace(0, 60, 40)
    return Flight(bird, smooth(altitude, cfg.smooth), smooth(airspeed, cfg.smooth), cfg.dt)


def build_club(cfg, rng):
    club = []
    for name in cfg.birds:
        rec = BirdRecord(name, rng.uniform(0.2, 1.3), wind=rng.uniform(0, 8, 4))
        rec.flights = [simulate_flight(name, rng, cfg) for _ in range(cfg.flights_per_bird)]
        club.append(rec)
    return club


def club_report(club):
    scores = {rec.name: rec.condition() for rec in club}
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    for name, score in ranked:
        print(f"{name:>14}: condition {score:8.3f}")
    return scores


rng = np.random.default_rng(11)
cfg = ClubConfig()
club = build_club(cfg, rng)
scores = club_report(club)
total = sum(scores.values())
print(f"result: {total:.10e}")
