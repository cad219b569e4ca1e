# ruff: noqa
"""Processes a season of touchpad timing from a swimming club's training sessions: 25 m length
splits per swimmer, missed-touch repair, each lane's share of the session's pool time, a
per-swimmer pacing trend (fade over the session) and the fastest lane each night. Prints a season
summary number built from the pacing fades and time shares."""
import numpy as np

N_SWIMMERS = 48
N_SESSIONS = 200
LANES = 8
LENGTH_M = 25.0


def make_roster(rng):
    return {
        "speed": rng.normal(1.30, 0.11, N_SWIMMERS).clip(0.95, 1.7),  # m/s, aerobic pace
        "fade": rng.uniform(0.0004, 0.002, N_SWIMMERS),  # fractional slow-down per length
        "lane": np.sort(rng.integers(0, LANES, N_SWIMMERS)),
        "lengths": rng.integers(150, 260, N_SWIMMERS),
    }


class Session:
    def __init__(self, day, swimmer, splits):
        self.day = day
        self.swimmer = swimmer  # swimmer id of each recorded length
        self.splits = splits  # seconds per length after repair

    @property
    def total_time(self):
        return sum(self.splits)

    def swimmer_splits(self, s):
        return self.splits[self.swimmer == s]

    def lane_time(self, lane_of, lane):
        return self.splits[lane_of[self.swimmer] == lane].sum()


def touchpad_log(rng, roster, day):
    """Cumulative touch times per swimmer; about 1 touch in 300 is missed (a double length)."""
    swimmers, touches = [], []
    form = 1.0 + 0.03 * np.sin(day / 9.0)
    for s in range(N_SWIMMERS):
        n = roster["lengths"][s]
        k = np.arange(n)
        base = LENGTH_M / (roster["speed"][s] * form)
        split = base * (1.0 + roster["fade"][s] * k) + rng.normal(0, 0.35, n)
        t = np.cumsum(split)
        keep = rng.random(n) > 1 / 300
        keep[-1] = True
        swimmers.append(np.full(keep.sum(), s))
        touches.append(t[keep])
    return np.concatenate(swimmers), np.concatenate(touches)


def repair_splits(swimmer, touches):
    """Differences of touch times; a split near twice the swimmer's median is halved into two."""
    first = np.r_[True, swimmer[1:] != swimmer[:-1]]
    splits = np.diff(touches, prepend=0.0)
    splits[first] = touches[first]
    med = np.array([np.median(splits[swimmer == s]) for s in range(N_SWIMMERS)])
    doubled = splits > 1.6 * med[swimmer]
    reps = np.where(doubled, 2, 1)
    return np.repeat(swimmer, reps), np.repeat(np.where(doubled, splits / 2, splits), reps)


def pacing_fade(splits):
    k = np.arange(len(splits), dtype=float)
    slope, intercept = np.polyfit(k, splits, 1)
    return slope / intercept


def fastest_lane(session, roster):
    lane_best = np.full(LANES, np.inf)
    for s in range(N_SWIMMERS):
        lane = roster["lane"][s]
        lane_best[lane] = min(lane_best[lane], session.swimmer_splits(s).min())
    return int(np.argmin(lane_best)), lane_best[np.isfinite(lane_best)].min()


rng = np.random.default_rng(11)
roster = make_roster(rng)
fades = np.zeros((N_SESSIONS, N_SWIMMERS))
shares = np.zeros((N_SESSIONS, LANES))
best_splits = []
for day in range(N_SESSIONS):
    swimmer, touches = touchpad_log(rng, roster, day)
    session = Session(day, *repair_splits(swimmer, touches))
    shares[day] = [session.lane_time(roster["lane"], l) / session.total_time for l in range(LANES)]
    fades[day] = [pacing_fade(session.swimmer_splits(s)) for s in range(N_SWIMMERS)]
    lane, best = fastest_lane(session, roster)
    best_splits.append(best)

score = fades.mean() * 1e3 + shares.std() + np.mean(best_splits) * 1e-2
print(f"result: {score:.10e}")
