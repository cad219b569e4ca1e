"""Club ride analyser: a head unit's log arrives as small packets of fixes (time, x, y, elevation,
power); the packets are put back together into one track, and the club's segments are timed on
it (first pass through the start gate to the end gate), with average power and climbing rate."""
from dataclasses import dataclass, field
from functools import cached_property, partial

import numpy as np

CLUB_SEGMENTS = [
    "Mill Lane Sprint", "Quarry Climb", "Reservoir Loop", "Church Hill", "Canal Flat",
    "Bypass TT", "Old Railway", "Gorse Common", "Windmill Drag", "Ford Kicker",
    "Beacon Ramp", "Hollow Way", "Dairy Straight", "Long Mynd Rise",
]
COLUMNS = ("t", "x", "y", "z", "watts")


@dataclass
class Segment:
    name: str
    start: tuple
    end: tuple
    gate: float = 25.0


@dataclass
class Track:
    parts: list = field(default_factory=list)

    @cached_property
    def fixes(self):
        return np.vstack(self.parts)

    def extend(self, packet):
        self.parts.append(packet)

    def column(self, name):
        return self.fixes[:, COLUMNS.index(name)]


def head_unit_packets(rng, n_packets, rider_ftp):
    """Simulated log: 1 Hz fixes, sent 2-6 at a time, along a wandering road."""
    heading, speed, t = 0.3, 8.0, 0.0
    x = y = 0.0
    z = 120.0
    for _ in range(n_packets):
        k = int(rng.integers(2, 7))
        turn = rng.normal(0.0, 0.03, k).cumsum() + heading
        v = np.clip(speed + rng.normal(0.0, 0.4, k).cumsum(), 2.0, 16.0)
        ts = t + np.arange(1, k + 1)
        xs = x + np.cumsum(v * np.cos(turn))
        ys = y + np.cumsum(v * np.sin(turn))
        zs = z + np.cumsum(rng.normal(0.0, 0.3, k))
        watts = np.maximum(rider_ftp * (0.7 + 0.3 * rng.standard_normal(k)), 0.0)
        yield np.column_stack([ts, xs, ys, zs, watts])
        heading, speed, t = turn[-1], v[-1], ts[-1]
        x, y, z = xs[-1], ys[-1], zs[-1]


def gate_passes(xy, point, radius):
    d = np.hypot(xy[:, 0] - point[0], xy[:, 1] - point[1])
    return np.flatnonzero(d < radius)


def time_segment(track, seg):
    xy = np.column_stack([track.column("x"), track.column("y")])
    starts = gate_passes(xy, seg.start, seg.gate)
    ends = gate_passes(xy, seg.end, seg.gate)
    if len(starts) == 0:
        return None
    i = starts[0]
    later = ends[ends > i]
    if len(later) == 0:
        return None
    j = later[0]
    t, z, w = track.column("t"), track.column("z"), track.column("watts")
    elapsed = t[j] - t[i]
    return elapsed, w[i : j + 1].mean(), (z[j] - z[i]) / elapsed * 3600.0


def segments_along(track, rng, n):
    """Club segments laid out between points the club rides through."""
    idx = np.sort(rng.choice(len(track.fixes) - 600, n, replace=False))
    out = []
    for m, i in enumerate(idx):
        length = int(rng.integers(60, 600))
        p, q = track.fixes[i], track.fixes[i + length]
        out.append(Segment(CLUB_SEGMENTS[m % len(CLUB_SEGMENTS)], (p[1], p[2]), (q[1], q[2])))
    return out


def power_curve(watts, durations):
    c = np.concatenate([[0.0], np.cumsum(watts)])
    return np.array([((c[d:] - c[:-d]) / d).max() for d in durations])


def main():
    rng = np.random.default_rng(7)
    riders = {
        "Ana": 265.0, "Bert": 230.0, "Chidi": 310.0, "Dana": 205.0, "Emeka": 280.0,
        "Fran": 240.0, "Gus": 195.0, "Hana": 255.0, "Ivo": 300.0, "Jo": 220.0,
        "Kemal": 270.0, "Lise": 235.0,
    }
    durations = (5, 60, 300, 1200)
    total = 0.0
    for name, ftp in riders.items():
        track = Track()
        for packet in head_unit_packets(rng, 3600, ftp):
            track.extend(packet)
        segments = segments_along(track, rng, 14)
        timer = partial(time_segment, track)
        for seg, res in ((s, timer(s)) for s in segments):
            if res is None:
                continue
            weight = 2.0 if seg.name in ["Quarry Climb", "Church Hill", "Beacon Ramp"] else 1.0
            total += weight * (res[0] + res[1] + res[2])
        total += power_curve(track.column("watts"), durations).sum()
    print(f"result: {total:.6f}")


if __name__ == "__main__":
    main()
