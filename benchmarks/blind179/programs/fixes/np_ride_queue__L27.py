# ruff: noqa
"""Carnival midway: simulates the queues at a dozen rides minute by minute over a summer season
(Poisson arrivals that follow the evening crowd curve, batch loading per ride cycle, some guests
balking at long lines), logs the park-wide line length and prints the mean wait per guest."""
import numpy as np

RIDES = ["ferris", "zipper", "tilt", "scrambler", "carousel", "swings",
         "coaster", "gravitron", "teacups", "dropzone", "pirate", "bumpers"]
MINUTES_PER_DAY = 600
DAYS = 70


class Midway:
    def __init__(self, rng):
        self.rng = rng
        self.capacity = rng.integers(12, 40, size=len(RIDES)).astype(float)
        self.cycle_min = rng.integers(3, 7, size=len(RIDES))
        self.popularity = rng.dirichlet(np.ones(len(RIDES)) * 3.0)
        self.queue = np.zeros(len(RIDES))
        self.line_log = np.empty(0)
        self.schedule = self.build_schedule()

    def build_schedule(self):
        return (np.arange(MINUTES_PER_DAY)[None, :] % self.cycle_min[:, None]) == 0

    def crowd_rate(self, minute):
        t = minute / MINUTES_PER_DAY
        return 260.0 * (0.3 + np.exp(-((t - 0.7) / 0.18) ** 2))

    def step(self, minute):
        arrivals = self.rng.poisson(self.crowd_rate(minute) * self.popularity)
        balk = np.clip(self.queue / (8.0 * self.capacity), 0.0, 0.9)
        self.queue += arrivals * (1.0 - balk)
        loading = self.schedule[:, minute] * self.capacity
        served = np.minimum(self.queue, loading)
        self.queue -= served
        self.line_log = np.append(self.line_log, self.queue.sum())
        return served.sum()

    def close(self):
        self.queue[:] = 0.0


def main():
    rng = np.random.default_rng(11)
    park = Midway(rng)
    riders = 0.0
    for day in range(DAYS):
        for minute in range(MINUTES_PER_DAY):
            riders += park.step(minute)
        park.close()
    mean_line = park.line_log.mean()
    mean_wait = park.line_log.sum() / riders
    print(f"riders {riders:.0f}, mean line {mean_line:.1f}, mean wait {mean_wait:.2f} min")
    print(f"result: {mean_wait:.10e}")


main()
