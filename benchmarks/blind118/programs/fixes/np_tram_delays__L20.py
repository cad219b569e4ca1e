# ruff: noqa
"""Knock-on delay model for a tram network: every vehicle works a duty of consecutive trips
along its line; between stops it needs the timetabled running time plus a random disturbance,
and at each stop it may not leave before the timetable says (it waits when early). Prints
punctuality per line and the stops where delays pile up."""
from dataclasses import dataclass

import numpy as np


@dataclass
class TramLine:
    name: str
    n_stops: int
    timetable: np.ndarray
    slack: float

    def departures(self, schedule, running):
        reach = np.cumsum(running)
        return reach + np.maximum(np.maximum.accumulate(schedule - reach), schedule[0])

    def run_duty(self, running, trips):
        offsets = self.timetable.copy()
        schedule = (np.arange(trips)[:, None] * (offsets[-1] + 6.0) + offsets[None, :]).ravel()
        actual = self.departures(schedule, running)
        return (actual - schedule).reshape(trips, self.n_stops)


def make_network(rng):
    lines = []
    for k, (name, n) in enumerate([("1", 38), ("2", 31), ("4", 44), ("6", 27), ("9", 35)]):
        hops = rng.uniform(1.2, 2.8, size=n)
        hops[0] = 0.0
        lines.append(TramLine(name, n, np.cumsum(hops), 0.06 + 0.01 * k))
    return lines


def running_times(line, n_duties, trips, rng):
    shape = (n_duties, trips, line.n_stops)
    hops = np.diff(line.timetable, prepend=line.timetable[0] - 6.0)
    nominal = np.broadcast_to(hops * (1.0 - line.slack), shape)
    rush = np.where(np.arange(trips) < 5, 1.3, 1.0)[None, :, None]
    dwell = rng.gamma(1.5, 0.06, size=shape) * rush
    incidents = (rng.random(shape) < 0.003) * rng.exponential(4.0, shape)
    return nominal + dwell + incidents


def punctuality(lines, n_duties, trips, rng):
    report = {}
    for line in lines:
        running = running_times(line, n_duties, trips, rng)
        delays = np.empty_like(running)
        for duty in range(n_duties):
            delays[duty] = line.run_duty(running[duty].ravel(), trips)
        delays = delays.reshape(-1, line.n_stops)
        on_time = (delays < 3.0).mean()
        worst = np.argsort(delays.mean(axis=0))[-3:][::-1]
        report[line.name] = (on_time, worst, delays.mean(), np.percentile(delays[:, -1], 95))
    return report


rng = np.random.default_rng(404)
report = punctuality(make_network(rng), 1200, 16, rng)
check = 0.0
for name, (on_time, worst, mean_delay, p95) in report.items():
    print(f"line {name:>2}: {100 * on_time:5.1f}% on time, mean delay {mean_delay:5.2f} min, "
          f"95th pct at terminus {p95:5.2f} min, worst stops {worst.tolist()}")
    check += on_time + mean_delay + p95
print(f"result: {check:.10e}")
