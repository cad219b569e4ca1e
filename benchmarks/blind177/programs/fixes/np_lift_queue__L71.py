# ruff: noqa
"""Simulates a busy day of chairlift loading at a ski resort: skiers arrive at each lift's maze
through the day (a peaked arrival rate), board four to a chair in arrival order, and the day's
wait times are summarised per lift (mean, 90th percentile, share over ten minutes)."""
import numpy as np

OPEN_S = 9 * 3600.0
CLOSE_S = 16 * 3600.0
DAYS = 20
BOOT = 64


class Lift:
    def __init__(self, name, seats, interval_s, peak_rate):
        self.name = name
        self.seats = seats
        self.interval_s = interval_s
        self.peak_rate = peak_rate

    def arrivals(self, rng):
        hours = np.linspace(OPEN_S, CLOSE_S, 8)
        shape = np.array([0.6, 1.0, 0.9, 0.5, 0.8, 0.7, 0.4, 0.2])
        span = CLOSE_S - OPEN_S
        n = rng.poisson(self.peak_rate * span)
        t = np.sort(rng.uniform(OPEN_S, CLOSE_S, n))
        keep = rng.uniform(0.0, 1.0, t.size) < np.interp(t, hours, shape)
        return t[keep]

    def load(self, arrivals):
        waits = np.empty(0)
        chair = 0
        seat = 0
        for a in arrivals:
            first = int(np.ceil((a - OPEN_S) / self.interval_s))
            if first > chair:
                chair, seat = first, 0
            depart = OPEN_S + chair * self.interval_s
            waits = np.append(waits, depart - a)
            seat += 1
            if seat == self.seats:
                chair, seat = chair + 1, 0
        return waits


def bootstrap_p90(waits, rng, n_boot=BOOT, chunk=8):
    """Upper end of a 95% bootstrap interval for the lift's 90th percentile wait."""
    p90s = []
    for start in range(0, n_boot, chunk):
        idx = rng.integers(0, waits.size, (chunk, waits.size))
        p90s.append(np.percentile(waits[idx], 90, axis=1))
    return np.percentile(np.concatenate(p90s), 97.5)


def summarise(waits, rng):
    return np.array([waits.mean(), bootstrap_p90(waits, rng), (waits > 600.0).mean()])


def main():
    rng = np.random.default_rng(7)
    lifts = [
        Lift("summit express", 6, 9.0, 0.31),
        Lift("glacier quad", 4, 9.0, 0.21),
        Lift("valley double", 2, 8.0, 0.12),
        Lift("ridge triple", 3, 10.0, 0.14),
    ]
    rows = []
    for lift in lifts:
        days = [lift.load(lift.arrivals(rng)) for _ in range(DAYS)]
        waits = np.concatenate(days)
        stats = summarise(waits, rng)
        rows.append(stats)
        print(f"{lift.name:15s} skiers {waits.size:7d} mean wait {stats[0]:7.1f}s p90 (upper 95%) {stats[1]:7.1f}s")
    table = np.stack(rows)
    print(f"result: {float(table[:, 0].sum() + table[:, 1].sum()):.10e}")


main()
