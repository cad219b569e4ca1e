# ruff: noqa
"""Archival-tag analysis for a cod tagging study: each tagged fish's depth and temperature record
is simulated (diel vertical migration plus a random walk), the deepest depth reached so far is
tracked along every record, dives are classified into depth zones, and the monthly catch of
recaptured fish is tallied."""
import numpy as np

N_FISH = 640
N_SAMPLES = 30000
ZONES = (0.0, 20.0, 50.0, 100.0, 200.0, np.inf)


class TagRecord:
    def __init__(self, fish_id, depth, temp):
        self.fish_id = fish_id
        self.depth = depth
        self.temp = temp

    @staticmethod
    def deepest_so_far(depth):
        return np.maximum.accumulate(depth)

    def zone_hours(self):
        counts = []
        for lo, hi in zip(ZONES[:-1], ZONES[1:]):
            counts.append(np.count_nonzero((self.depth >= lo) & (self.depth < hi)))
        return np.array(counts) / 12.0


def simulate_tag(fish_id, rng):
    t = np.arange(N_SAMPLES) / 288.0
    diel = 25.0 * (1 - np.cos(2 * np.pi * t))
    walk = np.cumsum(rng.normal(0.0, 0.6, N_SAMPLES))
    depth = np.abs(40.0 + diel + walk)
    temp = 9.0 - 0.03 * depth + rng.normal(0.0, 0.2, N_SAMPLES)
    return TagRecord(fish_id, depth, temp)


def monthly_catch(landings):
    cum = np.zeros(len(landings))
    running = 0.0
    for m in range(len(landings)):
        running += landings[m]
        cum[m] = running
    return cum


rng = np.random.default_rng(21)
max_depths = []
zone_total = np.zeros(len(ZONES) - 1)
thermal = 0.0
for fish in range(N_FISH):
    rec = simulate_tag(fish, rng)
    env = rec.deepest_so_far(rec.depth)
    max_depths.append(env[-1])
    zone_total += rec.zone_hours()
    thermal += float(np.mean(rec.temp[env > 0.9 * env[-1]]))
landings = rng.poisson(30.0, size=12).astype(np.float64)
cum = monthly_catch(landings)
print(f"median max depth {np.median(max_depths):.1f} m, zone hours {zone_total.round(1)}")
print(f"result: {sum(max_depths) + zone_total.sum() + thermal + cum[-1]:.10e}")
