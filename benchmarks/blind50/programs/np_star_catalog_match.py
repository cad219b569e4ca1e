# ruff: noqa
"""Astrometric calibration of a sequence of sky exposures: catalogue stars (unit vectors on the
sky) are rotated into each exposure's camera frame, projected onto the focal plane with a
gnomonic projection, matched to the detected sources with a k-d tree, and the pointing offset of
every exposure is estimated from the matched pairs."""
import numpy as np
from scipy.spatial import cKDTree


def rot(axis, angle):
    c, s = np.cos(angle), np.sin(angle)
    i, j = [(1, 2), (0, 2), (0, 1)][axis]
    R = np.eye(3)
    R[i, i], R[i, j], R[j, i], R[j, j] = c, -s, s, c
    return R


def attitude(ra, dec, roll):
    R = np.eye(3)
    for R_k in (rot(2, -ra), rot(1, dec), rot(0, roll)):
        R = R_k @ R
    return R


def to_camera(stars, R):
    return np.array(list(map(lambda v: R @ v, stars)))


def gnomonic(cam, focal):
    front = cam[:, 0] > 0.2
    xy = focal * cam[front, 1:] / cam[front, 0:1]
    return xy, np.flatnonzero(front)


def random_sky(rng, n, ra0, dec0, radius):
    ra = ra0 + rng.uniform(-radius, radius, n) / np.cos(dec0)
    dec = dec0 + rng.uniform(-radius, radius, n)
    return np.column_stack([np.cos(dec) * np.cos(ra), np.cos(dec) * np.sin(ra), np.sin(dec)])


class Exposure:
    def __init__(self, rng, stars, ra, dec, roll, focal):
        true = attitude(ra + rng.normal(0, 2e-4), dec + rng.normal(0, 2e-4), roll)
        xy, idx = gnomonic(to_camera(stars, true), focal)
        keep = rng.random(idx.size) < 0.7
        self.sources = xy[keep] + rng.normal(0, 0.02, (int(keep.sum()), 2))
        self.nominal = (ra, dec, roll)


rng = np.random.default_rng(314)
stars = random_sky(rng, 20000, 1.2, 0.4, 0.05)
focal = 2000.0
exposures = [Exposure(rng, stars, 1.2 + rng.uniform(-0.01, 0.01), 0.4 + rng.uniform(-0.01, 0.01), rng.uniform(0, 0.1), focal) for _ in range(30)]
offsets = []
for exp in exposures:
    xy, _ = gnomonic(to_camera(stars, attitude(*exp.nominal)), focal)
    tree = cKDTree(xy)
    dist, j = tree.query(exp.sources, distance_upper_bound=5.0)
    ok = np.isfinite(dist)
    offsets.append(np.median(exp.sources[ok] - xy[j[ok]], axis=0))
offsets = np.array(offsets)
print(f"exposures: {len(exposures)}, mean |offset| {np.abs(offsets).mean():.4f} px")
print(f"result: {np.abs(offsets).sum():.10e}")
