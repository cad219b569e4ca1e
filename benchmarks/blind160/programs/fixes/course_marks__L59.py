"""Race committee course check: every boat's GPS track is put into the course frame
(x along the wind axis, y across it) and checked for rounding each mark in order."""
import math
from dataclasses import dataclass, field

import numpy as np

EARTH_R = 6_371_000.0


@dataclass
class Course:
    origin: tuple  # committee boat (lat, lon) in degrees
    wind_bearing: float  # degrees true, where the wind comes from
    marks_local: np.ndarray = field(default_factory=lambda: np.array(
        [[0.0, 0.0], [1850.0, 40.0], [1850.0, -120.0], [600.0, -20.0], [0.0, 0.0]]))
    zone: float = 45.0  # three boat lengths

    @property
    def axis(self):
        th = math.radians(90.0 - self.wind_bearing)
        return np.array([[math.cos(th), math.sin(th)], [-math.sin(th), math.cos(th)]])

    def to_local(self, lat, lon):
        lat0, lon0 = map(math.radians, self.origin)
        east = EARTH_R * np.cos(lat0) * (np.radians(lon) - lon0)
        north = EARTH_R * (np.radians(lat) - lat0)
        return np.column_stack([east, north])


def synth_track(course, rng, n_fixes):
    """A plausible GPS log: beat to the windward mark, reach, run home, with GPS jitter."""
    legs = course.marks_local
    seg = rng.dirichlet(np.ones(len(legs) - 1)) * n_fixes
    pts = []
    for a, b, k in zip(legs[:-1], legs[1:], np.maximum(seg.astype(int), 2)):
        s = np.linspace(0.0, 1.0, k)[:, None]
        weave = 60.0 * np.sin(s * rng.uniform(8, 14)) * (b[0] > a[0])
        pts.append(a + s * (b - a) + np.column_stack([np.zeros(k), weave[:, 0]]))
    xy = np.concatenate(pts) + rng.normal(0.0, 3.0, (sum(len(p) for p in pts), 2))
    # back into world coordinates and lat/lon, as the trackers upload them
    world = xy @ course.axis
    lat0, lon0 = map(math.radians, course.origin)
    lat = np.degrees(world[:, 1] / EARTH_R + lat0)
    lon = np.degrees(world[:, 0] / (EARTH_R * math.cos(lat0)) + lon0)
    return lat, lon


@dataclass
class BoatCheck:
    sail: str
    rounded: list
    distance_sailed: float


def check_boat(course, sail, lat, lon):
    local = course.to_local(lat, lon)
    rot = course.axis
    xy = local @ rot.T
    marks = course.marks_local.copy()
    d = np.linalg.norm(xy[:, None, :] - marks[None, 1:-1, :], axis=2)
    inside = d < course.zone
    first_in = np.where(inside.any(axis=0), inside.argmax(axis=0), -1)
    rounded = [int(i) >= 0 for i in first_in]
    in_order = bool(np.all(np.diff(first_in[first_in >= 0]) > 0))
    sailed = float(np.linalg.norm(np.diff(xy, axis=0), axis=1).sum())
    return BoatCheck(sail, rounded + [in_order], sailed)


def main():
    rng = np.random.default_rng(31)
    course = Course(origin=(50.77, -1.30), wind_bearing=225.0)
    fleet = [f"GBR{1200 + i}" for i in range(36)]
    tracks = {sail: synth_track(course, rng, 50000) for sail in fleet}
    checks = [check_boat(course, sail, *tracks[sail]) for sail in fleet]
    ok = [c for c in checks if all(c.rounded)]
    result = sum(c.distance_sailed for c in checks) / 1000.0 + len(ok)
    print(f"result: {result:.8f}")


if __name__ == "__main__":
    main()
