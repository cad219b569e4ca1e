# ruff: noqa
"""Day-long simulation of a two-terminal ferry crossing: foot passengers and cars arrive at each
terminal as Poisson streams whose rate follows the commuter peaks, board the next departure up to
its capacity, and wait otherwise. Reports the mean wait, the left-behind count and the
utilisation of each sailing."""
from dataclasses import dataclass

import numpy as np


@dataclass
class Terminal:
    name: str
    peak_rate: float
    base_rate: float
    seed: int

    def rate(self, t):
        morning = np.exp(-((t - 480.0) / 60.0) ** 2)
        evening = np.exp(-((t - 1050.0) / 75.0) ** 2)
        return self.base_rate + self.peak_rate * (morning + evening)


def arrivals(terminal, horizon):
    """Arrival times (minutes) of one terminal, the rate held constant within each minute."""
    rng = np.random.default_rng(terminal.seed)
    scale = (1.0 / terminal.rate(np.arange(0.0, horizon + 1.0))).tolist()
    t = 0.0
    while True:
        t += rng.exponential(scale[int(t)])
        if t >= horizon:
            return
        yield t


class Crossing:
    def __init__(self, departures, capacity):
        self.departures = departures
        self.capacity = capacity
        self.loads = np.zeros(len(departures), dtype=np.int64)

    def board(self, stream):
        waits = []
        queue = []
        k = 0
        for t in stream:
            while k < len(self.departures) and self.departures[k] < t:
                n = min(len(queue), self.capacity)
                dep = self.departures[k]
                waits.extend(dep - a for a in queue[:n])
                del queue[:n]
                self.loads[k] += n
                k += 1
            queue.append(t)
        return waits, len(queue)


horizon = 1440.0
departures = np.arange(300.0, horizon, 20.0)
terminals = [Terminal("north", 950.0, 175.0, 3), Terminal("south", 800.0, 225.0, 4)]
total_wait, total_n, left = 0.0, 0, 0
util = []
for term in terminals:
    crossing = Crossing(departures.tolist(), capacity=16000)
    waits, behind = crossing.board(arrivals(term, horizon))
    total_wait += sum(waits)
    total_n += len(waits)
    left += behind
    util.append(crossing.loads / crossing.capacity)
    busiest = max(crossing.loads[:4])
    print(f"{term.name}: {len(waits)} boarded, {behind} left behind, first-hour max load {busiest}")
util = np.concatenate(util)
print(f"mean wait {total_wait / total_n:.2f} min, mean utilisation {util.mean():.3f}")
print(f"result: {total_wait + left + util.sum() + busiest:.10e}")
