"""Match-load report from optical player tracking: for every possession of a simulated season,
22 players' positions at 25 Hz are generated, and per player the distance covered, the high-speed
running distance and the number of sprints are derived, then aggregated into a season load table
per squad position."""
import numpy as np

FPS = 25.0
ROLES = ["GK", "CB", "CB", "FB", "FB", "DM", "CM", "CM", "W", "W", "ST"] * 2
SPRINT_SPEED = 6.0


class PlayerTrack:
    def __init__(self, xy):
        self.xy = xy

    @property
    def step_lengths(self):
        return np.hypot(*np.diff(self.xy, axis=0).T)

    @property
    def distance(self):
        return sum(self.step_lengths)

    def high_speed(self, threshold=5.5):
        steps = self.step_lengths
        return float(steps[steps * FPS > threshold].sum())

    def sprints(self):
        fast = self.step_lengths * FPS > SPRINT_SPEED
        return int(np.count_nonzero(fast[1:] & ~fast[:-1]))


def possession(rng, n_frames):
    vel = 4.5 * np.tanh(rng.normal(0.0, 0.3, size=(n_frames, 22, 2)).cumsum(axis=0) / 4.5)
    start = rng.uniform([0, 0], [105, 68], size=(22, 2))
    return start + vel.cumsum(axis=0) / FPS


rng = np.random.default_rng(3)
role_names = sorted(set(ROLES))
role_index = np.vectorize(role_names.index)(np.array(ROLES))
load = np.zeros((len(role_names), 3))
for p in range(2000):
    xy = possession(rng, int(rng.integers(150, 450)))
    for k in range(22):
        track = PlayerTrack(xy[:, k])
        load[role_index[k]] += (track.distance, track.high_speed(), track.sprints())
for name, row in zip(role_names, load):
    print(f"{name:>3}: {row[0] / 1000:9.2f} km  hsr {row[1] / 1000:7.2f} km  sprints {int(row[2])}")
print(f"result: {load.sum():.10e}")
