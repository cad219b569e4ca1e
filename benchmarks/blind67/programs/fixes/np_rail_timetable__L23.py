"""Rail timetable check: arrival times of every train along its line and platform headways.

For each of a few corridors, trains are generated with scheduled run times between stops and
dwell times at stops (with random perturbations); arrival times are accumulated along each
train's route, and the minimum headway between consecutive trains at each station is
checked against the signalling limit.  Prints the number of conflicts and a time checksum.
"""
import numpy as np


class Corridor:
    def __init__(self, name, n_stops, n_trains, rng):
        self.name = name
        self.run = rng.uniform(2.0, 6.0, size=(n_trains, n_stops - 1))
        self.dwell = rng.uniform(0.5, 1.5, size=(n_trains, n_stops - 1))
        self.depart = np.sort(rng.uniform(0, 60000, size=n_trains))
        self.run *= rng.lognormal(0.0, 0.05, size=self.run.shape)

    @staticmethod
    def arrival_times(t0, run, dwell):
        times = np.empty(run.size + 1)
        times[0] = t0
        times[1:] = t0 + np.cumsum(run + dwell)
        return times

    def timetable(self):
        rows = map(self.arrival_times, self.depart, self.run, self.dwell)
        return np.vstack(list(rows))


def headway_conflicts(tt, limit):
    order = np.argsort(tt, axis=0)
    s = np.take_along_axis(tt, order, axis=0)
    gaps = np.diff(s, axis=0)
    return int((gaps < limit).sum()), float(gaps.min())


def main():
    rng = np.random.default_rng(11)
    corridors = [Corridor(f"line{k}", n_stops=s, n_trains=t, rng=rng)
                 for k, (s, t) in enumerate([(60, 21000), (45, 27000), (80, 15000), (30, 36000)])]
    first_platform = np.zeros(len(corridors), dtype=np.int64)
    for k in range(1, len(corridors)):
        first_platform[k] = first_platform[k - 1] + corridors[k - 1].run.shape[1] + 1
    conflicts, checksum = 0, float(first_platform.sum())
    for c in corridors:
        tt = c.timetable()
        n, g = headway_conflicts(tt, limit=0.25)
        conflicts += n
        checksum += tt[:, -1].sum() / 1e3 + g
    print("result:", round(checksum + conflicts, 6))


if __name__ == "__main__":
    main()
