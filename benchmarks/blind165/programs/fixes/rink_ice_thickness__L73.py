"""Ice-thickness log for the rink crew. Every night the crew drills/ultrasounds the sheet at a
fixed grid of survey points; readings drift as the slab is flooded and resurfaced. The tool
keeps the season's log, flags thin spots against the minimum, and reports the mean thickness
trend per zone over the season."""
from dataclasses import dataclass, field

import numpy as np

MIN_THICKNESS_MM = 32.0
ZONES = {"home end": slice(0, 20), "centre ice": slice(20, 44), "away end": slice(44, 64)}


@dataclass
class SurveyGrid:
    n_points: int = 64
    rng_seed: int = 1996

    def __post_init__(self):
        rng = np.random.default_rng(self.rng_seed)
        self.bias_mm = rng.normal(0.0, 1.5, self.n_points)
        self.rng = rng
        # inverse-distance weights from the 8x8 survey points to the 60x26 map the driver sees
        pts = np.stack(np.meshgrid(np.linspace(0, 60, 8), np.linspace(0, 26, 8)), -1).reshape(-1, 2)
        cells = np.stack(np.meshgrid(np.arange(60.0), np.arange(26.0)), -1).reshape(-1, 2)
        w = 1.0 / (1.0 + ((cells[:, None, :] - pts[None, :, :]) ** 2).sum(-1))
        self.to_map = w / w.sum(axis=1, keepdims=True)

    def nightly_readings(self, night, base_mm):
        wear = 4.0 * np.sin(2 * np.pi * night / 7.0) ** 2
        return base_mm - wear + self.bias_mm + self.rng.normal(0.0, 0.8, self.n_points)


@dataclass
class SeasonLog:
    n_points: int
    readings: np.ndarray = field(init=False)

    def __post_init__(self):
        self.readings = np.empty((0, self.n_points))

    def record(self, row):
        self.readings = np.vstack([self.readings, row])

    @property
    def nights(self):
        return len(self.readings)

    def thin_spots(self, last=7):
        recent = self.readings[-last:]
        return np.argwhere(recent < MIN_THICKNESS_MM)


def flood_schedule(n_nights, every=3, add_mm=0.6):
    base = 38.0
    for night in range(n_nights):
        if night % every == 0:
            base += add_mm
        base -= 0.15  # sublimation and skate wear
        yield night, base


def main():
    grid = SurveyGrid()
    log = SeasonLog(grid.n_points)
    alerts, thinnest = 0, np.inf
    for night, base in flood_schedule(n_nights=6000):
        row = grid.nightly_readings(night, base)
        log.record(row)
        thinnest = min(thinnest, (grid.to_map @ row).min())
        if night % 30 == 29:
            alerts += len(log.thin_spots())
    zone_means = np.stack([log.readings[:, cols].mean(axis=1) for cols in ZONES.values()], axis=1)
    trends = dict(zip(ZONES, np.polyfit(np.arange(log.nights), zone_means, 1)[0]))
    for zone, slope in trends.items():
        print(f"{zone:11s}: {slope * 100:+.3f} mm per 100 nights")
    print(f"result: {sum(trends.values()) * 1e4 + alerts + thinnest:.10e}")


if __name__ == "__main__":
    main()
